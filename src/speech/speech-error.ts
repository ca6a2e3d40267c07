// The one failure the speech providers throw: a synthesizer or recogniser that
// cannot do its work (missing binary, bad audio, remote server error, timeout).
// Its message names the provider, so a log line says which part failed.

export class SpeechError extends Error {
  constructor(
    readonly provider: string,
    problem: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${problem}`, options);
    this.name = 'SpeechError';
  }
}

/** The AbortError a cancelled synthesis or recognition rejects with (DOMException, as fetch uses). */
export function abortError(signal?: AbortSignal): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException('The operation was aborted', 'AbortError');
}
