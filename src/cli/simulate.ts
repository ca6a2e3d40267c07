// `cli simulate`: plays candidates in text mode over the public protocol.
// One id prints the conversation; several ids play at once (load mode) and
// print a summary: completion, client-observed turn latency.

import { readFileSync } from 'node:fs';
import { playInterview, type PlayResult } from './candidate-client.js';

export class SimulationInputError extends Error {}

/** A JSON array of strings, or an object with an `answers` array. */
export function readAnswers(file: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new SimulationInputError(`cannot read answers from ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { answers?: unknown } | null)?.answers;
  if (!Array.isArray(list) || !list.every((a) => typeof a === 'string')) {
    throw new SimulationInputError(`${file} must hold a JSON array of strings (or {"answers": [...]})`);
  }
  return list;
}

interface SimulationOptions {
  baseUrl: string;
  interviewIds: string[];
  answers: string[];
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
}

export async function runSimulation(options: SimulationOptions): Promise<number> {
  const { baseUrl, interviewIds, answers, out, err } = options;
  if (interviewIds.length === 1) {
    const id = interviewIds[0]!;
    try {
      const result = await playInterview(baseUrl, id, answers, { onLine: (line) => out.write(`${line}\n`), timeoutMs: 120_000 });
      return result.state === 2 ? 0 : 1;
    } catch (error) {
      err.write(`simulation of ${id} did not finish: ${describe(error)}\n`);
      return 1;
    }
  }
  const started = Date.now();
  const results = await Promise.allSettled(interviewIds.map((id) => playInterview(baseUrl, id, answers, { timeoutMs: 120_000 })));
  const finished = results.filter((r): r is PromiseFulfilledResult<PlayResult> => r.status === 'fulfilled');
  const completed = finished.filter((r) => r.value.endingReason === 1).length;
  const turns = finished.flatMap((r) => r.value.turnMs).sort((a, b) => a - b);
  out.write(
    `${interviewIds.length} interviews in ${((Date.now() - started) / 1000).toFixed(1)} s: ${completed} completed, ` +
      `${finished.length - completed} ended otherwise, ${results.length - finished.length} failed; ` +
      `turn latency p50 ${percentile(turns, 0.5).toFixed(1)} ms, p99 ${percentile(turns, 0.99).toFixed(1)} ms\n`,
  );
  for (const failure of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').slice(0, 5)) {
    err.write(`failed: ${describe(failure.reason)}\n`);
  }
  return completed === interviewIds.length ? 0 : 1;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function describe(error: unknown): string {
  if (error instanceof AggregateError) return error.errors.map(describe).join('; ') || 'connection failed';
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
