import { describe, expect, it } from 'vitest';
import { TestClock, TestScheduler } from '../../../test/helpers/test-clock.js';
import { BrowserTranscript } from './browser-transcript.js';

function setup() {
  const scheduler = new TestScheduler(new TestClock());
  return { scheduler, transcript: new BrowserTranscript(scheduler) };
}

/** Whether the promise has settled after the microtasks queued so far. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('the browser transcript of an utterance', () => {
  it('takes a final result at once, and the next utterance starts empty', async () => {
    const { transcript, scheduler } = setup();
    transcript.heard('Ich bin', false);
    transcript.heard(' Ich bin Entwickler. ', true);
    await expect(transcript.take(1_500)).resolves.toBe('Ich bin Entwickler.');
    expect(scheduler.pending).toBe(0);
    const next = transcript.take(1_500);
    await scheduler.advance(1_500);
    await expect(next).resolves.toBe('');
  });

  it('waits for the final result that trails the end of the turn, woken by it rather than by a timer', async () => {
    const { transcript, scheduler } = setup();
    transcript.heard('I build', false);
    const taken = transcript.take(1_500);
    await scheduler.advance(1_000);
    expect(await settled(taken)).toBe(false);
    transcript.heard('I build services', true);
    await expect(taken).resolves.toBe('I build services');
    expect(scheduler.pending).toBe(0);
  });

  it('takes the last interim text when no final result comes within the wait', async () => {
    const { transcript, scheduler } = setup();
    transcript.heard('I build', false);
    const taken = transcript.take(1_500);
    await scheduler.advance(1_499);
    expect(await settled(taken)).toBe(false);
    await scheduler.advance(1);
    await expect(taken).resolves.toBe('I build');
  });

  it('takes the text at once from a page that never marks results final', async () => {
    const { transcript } = setup();
    transcript.heard('Ich bin Backend-Entwickler.', undefined);
    await expect(transcript.take(1_500)).resolves.toBe('Ich bin Backend-Entwickler.');
  });

  it('forgets text the browser sent before the server heard the answer start', async () => {
    const { transcript, scheduler } = setup();
    transcript.heard('said while the interviewer spoke', true);
    transcript.startUtterance();
    const taken = transcript.take(1_500);
    transcript.heard('the answer', true);
    await expect(taken).resolves.toBe('the answer');
    expect(scheduler.pending).toBe(0);
  });

  it('keeps the text of a page that never marks results final when the utterance starts', async () => {
    const { transcript } = setup();
    transcript.heard('Ich bin Backend-Entwickler.', undefined);
    transcript.startUtterance();
    await expect(transcript.take(1_500)).resolves.toBe('Ich bin Backend-Entwickler.');
  });

  it('returns what it has when the session ends during the wait', async () => {
    const { transcript } = setup();
    const taken = transcript.take(1_500);
    transcript.cancel();
    await expect(taken).resolves.toBe('');
  });
});
