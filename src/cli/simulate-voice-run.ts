// `cli simulate --voice` from the command line: one id prints the spoken
// conversation; several play at once (load mode) and print a summary of
// completion and of the latency from the end of speech to the reply's audio.

import { createCandidateVoice } from '../speech/index.js';
import { percentile } from './simulate.js';
import { hearingSummary, loadVoiceAnswers, playVoiceInterview, type VoicePlayResult } from './simulate-voice.js';

interface VoiceSimulationOptions {
  baseUrl: string;
  interviewIds: string[];
  answers: string[];
  speed: number;
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

export async function runVoiceSimulation(options: VoiceSimulationOptions): Promise<number> {
  const { baseUrl, interviewIds, out, err } = options;
  const answers = loadVoiceAnswers(options.answers);
  // Only text answers need a synthesizer: flite where it has a voice, since the offline recogniser mishears eSpeak NG.
  const voice = answers.some((a) => a.kind === 'text') || answers.length === 0 ? createCandidateVoice() : null;
  const play = (id: string, onLine?: (line: string) => void) =>
    playVoiceInterview(baseUrl, id, answers, {
      tts: voice,
      speed: options.speed,
      playback: 'realtime',
      waitForPlayback: true,
      onLine,
    });
  try {
    if (interviewIds.length === 1) {
      const id = interviewIds[0]!;
      try {
        const result = await play(id, (line) => out.write(`${line}\n`));
        out.write(`${summary([result])}\n`);
        return result.state === 2 ? 0 : 1;
      } catch (error) {
        err.write(`voice simulation of ${id} did not finish: ${error instanceof Error ? error.message : String(error)}\n`);
        return 1;
      }
    }
    const started = Date.now();
    const results = await Promise.allSettled(interviewIds.map((id) => play(id)));
    const finished = results.filter((r): r is PromiseFulfilledResult<VoicePlayResult> => r.status === 'fulfilled').map((r) => r.value);
    const completed = finished.filter((r) => r.endingReason === 1).length;
    out.write(
      `${interviewIds.length} voice interviews in ${((Date.now() - started) / 1000).toFixed(1)} s: ${completed} completed, ` +
        `${finished.length - completed} ended otherwise, ${results.length - finished.length} failed; ${summary(finished)}\n`,
    );
    for (const failure of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').slice(0, 5)) {
      err.write(`failed: ${failure.reason instanceof Error ? failure.reason.message : String(failure.reason)}\n`);
    }
    return completed === interviewIds.length ? 0 : 1;
  } finally {
    await voice?.close();
  }
}

function summary(results: readonly VoicePlayResult[]): string {
  const latencies = results.flatMap((r) => r.replyAudioMs).sort((a, b) => a - b);
  return (
    `end of speech -> first reply audio p50 ${percentile(latencies, 0.5).toFixed(0)} ms, ` +
    `p95 ${percentile(latencies, 0.95).toFixed(0)} ms over ${latencies.length} turns; ${hearingSummary(results.flatMap((r) => r.turns))}`
  );
}
