// The candidate page (protocol v2): welcome, consent, device check, the
// interview by voice or by typing, the end with optional feedback, and a
// screen of its own for every refusal. Nothing starts on the server until the
// candidate has agreed and finished the device check (`start`).

import './fonts.css';
import './style.css';
import type { ServerEvent, ServerEvents, SessionMode } from '../../../src/session/protocol.js';
import { meterFor, openCamera, openMicrophone, playTestTone, stopStream, type MicProblem } from './devices.js';
import { readPageConfig } from './page-config.js';
import { SessionClient } from './session-client.js';
import { PageView, clock, element, fill } from './view.js';
import { VideoRecorder, canRecordVideo } from './video-recorder.js';
import { MicCapture, Playback } from './voice.js';

const ACTIVITY_INTERVAL_MS = 5_000;
/** Reconnections refused because the server still holds the dropped connection, retried before saying "another tab". */
const HELD_RETRIES = 5;
/** States in which the interviewer asks about the candidate's own questions or says goodbye. */
const CLOSING_STATES = new Set([7, 8, 9]);

const config = readPageConfig(document);
const { words } = config;
const view = new PageView(words);
view.localise();

const interviewId = new URLSearchParams(location.search).get('iid') ?? '';

let welcome: ServerEvents['session'] | null = null;
let started = false;
let ended = false;
let mode: SessionMode = 'text';
let mic: MediaStream | null = null;
let micProblem: MicProblem | null = null;
let stopMeter: (() => void) | null = null;
let camera: MediaStream | null = null;
let capture: MicCapture | null = null;
let typingOpen = false;
let awaiting = false;
let resumeCount = 0;
let startedAt = 0;
let droppedAt = 0;
let refusedElsewhere = 0;
/** Set from a dropped connection until the next `session` event. */
let reconnecting = false;
let speechUnavailable = false;
/** The camera recording, from the start until the end; only when the candidate left the camera on. */
let recording: VideoRecorder | null = null;

const playback = new Playback({
  report: (id, event) => session.send({ type: 'playback', id, event }),
  speaking: (isSpeaking) => setTurn(isSpeaking ? words.interviewerSpeaking : awaiting ? yourTurnWords() : words.interviewerThinking),
});

const session = SessionClient.forInterview(interviewId, {
  onEvent: handle,
  onAudio: (frame) => playback.push(frame),
  onDropped,
});

// ---- server events -------------------------------------------------------

function handle(event: ServerEvent): void {
  switch (event.type) {
    case 'session':
      return onSession(event);
    case 'utterance':
      view.caption('');
      view.add('assistant', event.text);
      return;
    case 'state':
      return onState(event);
    case 'ended':
      return onEnded();
    case 'INTERVIEW_NOT_ALLOWED':
      session.finish();
      if (event.reason === 'interview_ended') {
        // Reloaded after the end (or back later): the end screen again while its feedback form still has a use.
        if (event.feedback_given === false) return onEnded();
        return refuse(words.overHeading, words.over);
      }
      // Back after a drop, the server may not have let the old connection go yet: keep counting down and try again.
      refusedElsewhere += 1;
      if (reconnecting && refusedElsewhere <= HELD_RETRIES) return void setTimeout(() => session.reconnectNow(), 2_000);
      stopVoice();
      view.notice(
        words.elsewhereHeading,
        words.elsewhere,
        { label: words.useHere, run: () => session.reconnectNow() },
        refusedElsewhere > (reconnecting ? HELD_RETRIES + 1 : 1) ? words.stillElsewhere : '',
      );
      return;
    case 'error':
      if (event.code === 'INTERVIEW_NOT_FOUND') return refuse(words.invalidHeading, words.invalid);
      // Taken over by another tab, or the interview was reset: reconnecting would start it again.
      if (event.code === 'SESSION_TAKEN_OVER') return refuse(words.problemHeading, `${words.problem} (${event.code}).`);
      if (event.fatal) view.notice(words.problemHeading, `${words.problem} (${event.code}).`);
      return;
    case 'audio_start':
      playback.begin(event.id, event.sample_rate);
      return;
    case 'audio_end':
      playback.end(event.id);
      return;
    case 'stop_audio':
      playback.stop(event.id);
      return;
    case 'vad':
      if (mode === 'voice' && awaiting) setTurn(event.speaking ? words.youSpeaking : words.listening);
      return;
    case 'heard':
      if (event.final) {
        view.caption('');
        view.add('user', event.text);
      } else view.caption(event.text);
      return;
    case 'speech_unavailable':
      speechUnavailable = true;
      showNotice(words.speechUnavailable);
      switchMode('text');
      return;
    case 'pong':
      return;
  }
}

function onSession(event: ServerEvents['session']): void {
  welcome = event;
  droppedAt = 0;
  reconnecting = false;
  refusedElsewhere = 0;
  resumeCount = event.resume_count;
  if (event.consent_required) {
    // A reconnect before the start keeps the candidate where they were.
    // A start lost with a dropped connection is sent again: the candidate already agreed.
    if (pendingStart || started) return sendStart(pendingStart ?? mode);
    if (view.screen === 'loading' || view.screen === 'notice') showWelcome(event);
    return;
  }
  started = true;
  mode = event.mode ?? 'text';
  view.clearTranscript();
  for (const entry of event.transcript) view.add(entry.role, entry.content);
  startedAt = Date.parse(event.transcript[0]?.created_at ?? '') || Date.now();
  showInterview();
  if (event.resumed && event.resume_count >= config.max_resumes) showNotice(words.lastReconnect);
  if (mode === 'voice') void resumeVoice();
}

function onState(event: ServerEvents['state']): void {
  awaiting = event.awaiting_input;
  const total = welcome?.question_count ?? 0;
  const progress = element('progress', HTMLSpanElement);
  if (event.next_question_index === 0) progress.textContent = words.progressIntro;
  else if (CLOSING_STATES.has(event.state)) progress.textContent = words.progressClosing;
  else progress.textContent = fill(words.progressQuestion, { n: event.next_question_index, total });
  setTurn(awaiting ? yourTurnWords() : words.interviewerThinking);
  updateAnswerBox();
}

function onEnded(): void {
  ended = true;
  session.finish();
  stopVoice();
  playback.stopAll();
  view.show('end');
  // The last chunks upload while the end screen shows.
  void stopVideo();
}

function refuse(heading: string, text: string): void {
  session.finish();
  stopVoice();
  void stopVideo();
  view.notice(heading, text);
}

// ---- reconnection -----------------------------------------------------------

let countdown: ReturnType<typeof setInterval> | null = null;

function onDropped(_attempt: number, _delayMs: number): void {
  if (ended) return;
  reconnecting = true;
  if (!started) {
    if (view.screen === 'loading') view.setStatus(words.reconnecting);
    return;
  }
  stopVoice();
  playback.stopAll();
  droppedAt ||= Date.now();
  // Reconnecting once more counts as resume `resumeCount + 1`; past the limit the server ends the interview.
  const isLast = resumeCount + 1 >= config.max_resumes;
  const render = () => {
    const left = config.reconnect_grace_seconds - (Date.now() - droppedAt) / 1000;
    view.notice(
      words.lostHeading,
      fill(words.lostCountdown, { time: clock(left) }),
      { label: words.reconnectNow, run: () => session.reconnectNow() },
      isLast ? words.lastReconnect : '',
    );
  };
  render();
  countdown ??= setInterval(() => {
    if (droppedAt && view.screen === 'notice' && !ended) render();
    else if (countdown) {
      clearInterval(countdown);
      countdown = null;
    }
  }, 1_000);
}

// ---- welcome, consent, device check ---------------------------------------------

function showWelcome(event: ServerEvents['session']): void {
  element('welcome-heading', HTMLHeadingElement).textContent = fill(words.welcomeHeading, { job: event.job_title ?? '' });
  element('welcome-questions', HTMLLIElement).textContent = fill(words.questionCount, { n: event.question_count });
  element('welcome-duration', HTMLLIElement).textContent = fill(words.duration, { minutes: event.expected_minutes ?? 0 });
  const link = element('privacy-link', HTMLAnchorElement);
  if (config.privacy_url) link.href = config.privacy_url;
  link.hidden = !config.privacy_url;
  element('privacy-missing', HTMLSpanElement).hidden = Boolean(config.privacy_url);
  element('welcome-camera', HTMLParagraphElement).hidden = !cameraRequired();
  view.show('welcome');
}

element('start-interview', HTMLButtonElement).addEventListener('click', () => view.show('consent'));
element('consent-back', HTMLButtonElement).addEventListener('click', () => view.show('welcome'));
element('agree', HTMLButtonElement).addEventListener('click', () => {
  view.show('device');
  void checkDevices();
});

/** Interview type 2 (video introduction) cannot start without the camera. */
const VIDEO_INTRODUCTION = 2;
const cameraRequired = () => welcome?.interview_type === VIDEO_INTRODUCTION;

const canRecognise = () => (welcome?.speech?.recognition ?? 'none') !== 'none';

async function checkDevices(): Promise<void> {
  const message = element('mic-message', HTMLParagraphElement);
  element('speech-note', HTMLParagraphElement).hidden = canRecognise();
  element('mic-check', HTMLDivElement).hidden = !canRecognise();
  element('mic-retry', HTMLButtonElement).hidden = true;
  if (!canRecognise()) {
    message.textContent = '';
    offerVoice(false);
    return;
  }
  message.textContent = words.micAsk;
  // "Continue" (by voice) appears once the microphone is open, not while the browser still asks.
  offerVoice(false);
  const opened = await openMicrophone();
  if ('problem' in opened) {
    micProblem = opened.problem;
    message.textContent = opened.problem === 'denied' ? words.micDenied : words.micMissing;
    message.classList.add('notice');
    element('mic-retry', HTMLButtonElement).hidden = false;
    element('mic-check', HTMLDivElement).hidden = true;
    offerVoice(false);
    return;
  }
  micProblem = null;
  mic = opened.stream;
  message.textContent = '';
  message.classList.remove('notice');
  offerVoice(true);
  stopMeter?.();
  stopMeter = meterFor(mic, element('mic-meter', HTMLMeterElement));
}

/** Whether the device check found a microphone to speak with (kept for re-rendering when the camera changes). */
let voiceOffered = false;

/** With a working microphone "Continue" (voice) leads; without, typing is the way forward. */
function offerVoice(canSpeak: boolean): void {
  voiceOffered = canSpeak;
  const blocked = cameraRequired() && !camera;
  element('device-camera', HTMLParagraphElement).hidden = !cameraRequired() || Boolean(camera);
  element('device-continue', HTMLButtonElement).hidden = !canSpeak || blocked;
  element('device-type', HTMLButtonElement).hidden = blocked;
  element('device-type', HTMLButtonElement).classList.toggle('primary', !canSpeak);
}

element('mic-retry', HTMLButtonElement).addEventListener('click', () => void checkDevices());
element('speaker-test', HTMLButtonElement).addEventListener('click', () => {
  element('speaker-hint', HTMLParagraphElement).hidden = false;
  void playTestTone();
});
element('camera-toggle', HTMLButtonElement).addEventListener('click', () => void toggleCamera());

async function toggleCamera(): Promise<void> {
  const video = element('camera-preview', HTMLVideoElement);
  const button = element('camera-toggle', HTMLButtonElement);
  if (camera) {
    stopStream(camera);
    camera = null;
    video.hidden = true;
    button.textContent = words.cameraOn;
    offerVoice(voiceOffered);
    return;
  }
  camera = await openCamera(video);
  video.hidden = !camera;
  if (camera) button.textContent = words.cameraOff;
  offerVoice(voiceOffered);
}

let pendingStart: SessionMode | null = null;

function leaveDeviceCheck(chosen: SessionMode): void {
  if (cameraRequired() && !camera) return;
  stopMeter?.();
  stopMeter = null;
  // A camera left on is recorded (the device check says so); one switched off or refused is not.
  if (camera && !canRecordVideo()) {
    stopStream(camera);
    camera = null;
  }
  playback.unlock();
  if (chosen === 'text') {
    stopStream(mic);
    mic = null;
  }
  mode = chosen;
  pendingStart = chosen;
  sendStart(chosen);
}

function sendStart(chosen: SessionMode): void {
  if (!session.isOpen) return;
  pendingStart = null;
  session.send({ type: 'start', consent: true, mode: chosen });
  // The opening turn follows as utterances and a state event; no new session event comes.
  started = true;
  startedAt = Date.now();
  view.clearTranscript();
  showInterview();
  if (chosen === 'voice') void resumeVoice();
  startVideo();
}

/** Camera picture plus both voices, uploaded in chunks while the interview runs (docs/media.md, "Video"). */
function startVideo(): void {
  if (recording || !camera) return;
  const stream = new MediaStream([...camera.getVideoTracks(), ...playback.recordingAudio(mic)]);
  const recorder = new VideoRecorder({
    interviewId,
    // Short chunks: when the server ends the interview, little is left to upload before it stops taking video.
    timesliceMs: 2_000,
    onStopped: (reason) =>
      session.send({ type: 'client_error', message: `camera recording stopped: ${reason}`.slice(0, 1_000), fatal: false }),
  });
  recording = recorder;
  recorder.start(stream).catch((error: unknown) => {
    session.send({ type: 'client_error', message: `camera recording failed: ${String(error)}`.slice(0, 1_000), fatal: false });
  });
}

async function stopVideo(): Promise<void> {
  const recorder = recording;
  recording = null;
  await recorder?.stop();
  stopStream(camera);
  camera = null;
}

element('device-continue', HTMLButtonElement).addEventListener('click', () => leaveDeviceCheck(mic ? 'voice' : 'text'));
element('device-type', HTMLButtonElement).addEventListener('click', () => leaveDeviceCheck('text'));

// ---- the interview ---------------------------------------------------------

let elapsedTimer: ReturnType<typeof setInterval> | null = null;

function showInterview(): void {
  view.show('interview');
  element('voice-controls', HTMLDivElement).hidden = mode !== 'voice';
  updateAnswerBox();
  if (micProblem && !speechUnavailable && canRecognise()) showNotice(micProblem === 'denied' ? words.micDenied : words.micMissing);
  const tick = () => (element('elapsed', HTMLSpanElement).textContent = clock((Date.now() - startedAt) / 1000));
  tick();
  elapsedTimer ??= setInterval(tick, 1_000);
}

function yourTurnWords(): string {
  return mode === 'voice' && !typingOpen ? `${words.yourTurn}. ${words.listening}` : words.yourTurn;
}

function setTurn(text: string): void {
  element('turn', HTMLParagraphElement).textContent = text;
}

function showNotice(text: string): void {
  const notice = element('interview-notice', HTMLParagraphElement);
  notice.textContent = text;
  notice.hidden = !text;
}

/** Text mode: the box is there whenever it is the candidate's turn. Voice mode: one click ("type") away. */
function updateAnswerBox(): void {
  const shown = mode === 'text' || typingOpen;
  view.showAnswerBox(shown && awaiting, shown && awaiting && view.screen === 'interview');
  element('show-typing', HTMLButtonElement).hidden = mode !== 'voice' || typingOpen;
}

async function resumeVoice(): Promise<void> {
  if (capture) return;
  if (!mic) {
    const opened = await openMicrophone();
    if ('problem' in opened) {
      micProblem = opened.problem;
      showNotice(opened.problem === 'denied' ? words.micDenied : words.micMissing);
      return switchMode('text');
    }
    mic = opened.stream;
  }
  try {
    capture = await MicCapture.start(mic, (frame) => session.sendAudio(frame));
  } catch (error) {
    session.send({ type: 'client_error', message: `microphone capture failed: ${String(error)}`.slice(0, 1_000), fatal: false });
    switchMode('text');
  }
}

function stopVoice(): void {
  capture?.stop();
  capture = null;
}

function switchMode(next: SessionMode): void {
  if (next === mode) return;
  mode = next;
  session.send({ type: 'mode', mode: next });
  if (next === 'text') {
    stopVoice();
    typingOpen = true;
  } else void resumeVoice();
  element('voice-controls', HTMLDivElement).hidden = mode !== 'voice';
  // A "You are speaking" from the microphone no longer applies.
  setTurn(awaiting ? yourTurnWords() : words.interviewerThinking);
  updateAnswerBox();
}

view.form.addEventListener('submit', (submit) => {
  submit.preventDefault();
  const answer = view.takeAnswer();
  if (!answer || !awaiting) return;
  view.add('user', answer);
  session.send({ type: 'answer', text: answer });
  awaiting = false;
  updateAnswerBox();
});

view.text.addEventListener('keydown', (key) => {
  // Enter sends, Shift+Enter is a new line; a composing input method keeps its Enter.
  if (key.key === 'Enter' && !key.shiftKey && !key.isComposing) {
    key.preventDefault();
    view.form.requestSubmit();
  }
});

let lastActivity = 0;
view.text.addEventListener('input', () => {
  if (Date.now() - lastActivity > ACTIVITY_INTERVAL_MS) {
    lastActivity = Date.now();
    session.send({ type: 'activity' });
  }
});

element('show-typing', HTMLButtonElement).addEventListener('click', () => {
  typingOpen = true;
  updateAnswerBox();
  view.text.focus();
});

element('mute', HTMLButtonElement).addEventListener('click', () => {
  const button = element('mute', HTMLButtonElement);
  const muted = button.getAttribute('aria-pressed') !== 'true';
  button.setAttribute('aria-pressed', String(muted));
  button.textContent = muted ? words.unmute : words.mute;
  if (capture) capture.muted = muted;
  for (const track of mic?.getAudioTracks() ?? []) track.enabled = !muted;
});

element('repeat', HTMLButtonElement).addEventListener('click', () => session.send({ type: 'repeat' }));

const endConfirm = element('end-confirm', HTMLDivElement);
element('end', HTMLButtonElement).addEventListener('click', () => {
  endConfirm.hidden = false;
  element('end-no', HTMLButtonElement).focus();
});
element('end-no', HTMLButtonElement).addEventListener('click', () => {
  endConfirm.hidden = true;
  element('end', HTMLButtonElement).focus();
});
element('end-yes', HTMLButtonElement).addEventListener('click', () => {
  endConfirm.hidden = true;
  // The server stops taking video once the interview ends: the last chunks go first (a stalled upload waits at most 10 s).
  void Promise.race([stopVideo(), new Promise((resolve) => setTimeout(resolve, 10_000))]).then(() => session.send({ type: 'end' }));
});
endConfirm.addEventListener('keydown', (key) => {
  if (key.key === 'Escape') element('end-no', HTMLButtonElement).click();
});

// ---- the end: optional feedback ---------------------------------------------------

const rating = element('rating', HTMLDivElement);
for (let n = 1; n <= 5; n++) {
  const label = document.createElement('label');
  const input = document.createElement('input');
  input.type = 'radio';
  input.name = 'rating';
  input.value = String(n);
  input.setAttribute('aria-label', fill(words.ratingValue, { n }));
  label.append(input, document.createTextNode(String(n)));
  rating.appendChild(label);
}

element('feedback', HTMLFormElement).addEventListener('submit', (submit) => {
  submit.preventDefault();
  void sendFeedback();
});

async function sendFeedback(): Promise<void> {
  const form = element('feedback', HTMLFormElement);
  const chosen = form.querySelector<HTMLInputElement>('input[name=rating]:checked');
  const comment = element('feedback-comment', HTMLTextAreaElement).value.trim();
  const body = { ...(chosen ? { rating: Number(chosen.value) } : {}), ...(comment ? { comment } : {}) };
  if (Object.keys(body).length === 0) return;
  const result = element('feedback-result', HTMLParagraphElement);
  const response = await fetch(`/candidate/interviews/${encodeURIComponent(interviewId)}/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => null);
  if (response?.ok) {
    form.hidden = true;
    result.textContent = words.feedbackThanks;
  } else result.textContent = words.feedbackFailed;
}

window.addEventListener('error', (error) => {
  session.send({ type: 'client_error', message: String(error.message).slice(0, 1_000), fatal: false });
});

view.setStatus(words.connecting);
session.connect();
