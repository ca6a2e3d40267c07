// The candidate page (protocol v2): welcome, consent, device check, the
// interview by voice or by typing, the end with optional feedback, and a
// screen of its own for every refusal. Nothing starts on the server until the
// candidate has agreed and finished the device check (`start`).

import './fonts.css';
import './style.css';
import type { ServerEvent, ServerEvents, SessionMode } from '../../../src/session/protocol.js';
import { meterFor, openCamera, openMicrophone, playTestTone, stopStream, type MicProblem } from './devices.js';
import { BrowserRecognition, findBrowserRecogniser, planRecognition } from './browser-recognition.js';
import { readPageConfig } from './page-config.js';
import { SessionClient, backOff } from './session-client.js';
import { PageView, clock, element, fill } from './view.js';
import { VideoRecorder, canRecordVideo } from './video-recorder.js';
import { setCaptionSink } from './captions.js';
import { InterviewerVoice } from './interviewer-voice.js';
import { InactivityReminder, minutesFor } from './reminder.js';
import { VoiceToggle } from './voice-toggle.js';
import { MicCapture } from './voice.js';

const ACTIVITY_INTERVAL_MS = 5_000;
/**
 * Back after a drop, the server may still hold the old connection (its node
 * died and the lease has not run out): retried with back-off from this, up to
 * the cap, for as long as the interview can still be resumed.
 */
const HELD_RETRY_BASE_MS = 500;
const HELD_RETRY_CAP_MS = 4_000;
/**
 * A reloaded page that sent its resume token and was still refused: its old
 * connection is on another node, or finishing a long turn here. Tried this
 * many times (about 15 s) before "open in another tab" is said.
 */
const OWN_SESSION_RETRIES = 6;
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
/** The browser's recogniser while it hears the candidate (browser-recognition.ts); null otherwise. */
let browserRecognition: BrowserRecognition | null = null;
/** Set once the browser's recogniser failed here: the server's recogniser (or typing) from then on. */
let browserRecognitionFailed = false;

/** Voice-activity detection hears the candidate now. */
let candidateSpeaking = false;
/** The candidate has answered (spoken or typed) and the reply has not started yet: "Got it. One moment". */
let answered = false;
/** Utterances whose audio the server will send (voice mode, a synthesizer) and whose `audio_start` has not come. */
let expectingAudio = 0;
/** A synthesizer that fails sends no audio: the page stops waiting for it a while after the queue ran dry. */
let expectTimer: ReturnType<typeof setTimeout> | null = null;
const EXPECT_AUDIO_MS = 5_000;

const playback = new InterviewerVoice({
  playback: (id, event) => session.send({ type: 'playback', id, event }),
  played: (id, playedMs, outcome) => session.send({ type: 'played', id, played_ms: playedMs, outcome }),
  busy: (isBusy) => {
    if (isBusy) answered = false;
    else if (expectingAudio > 0) expectTimer ??= setTimeout(stopExpectingAudio, EXPECT_AUDIO_MS);
    updateTurn();
  },
  // Off until the candidate turns it on: that click is the gesture the browser waits for.
  blocked: () => voiceToggle.blocked(),
});
// WCAG 1.4.2: the interviewer's voice can be stopped, in every mode; the transcript keeps the words.
const voiceToggle = new VoiceToggle(playback, words, interviewId, () => stopExpectingAudio());

function stopExpectingAudio(): void {
  if (expectTimer) clearTimeout(expectTimer);
  expectTimer = null;
  expectingAudio = 0;
  updateTurn();
}

setCaptionSink((text) => view.caption(text));

const reminder = new InactivityReminder(words, () => session.send({ type: 'more_time' }));

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
      // Spoken in both modes where the server has a synthesizer (the candidate may have muted it).
      if (welcome?.speech?.synthesis && !playback.muted) expectingAudio += 1;
      else answered = false;
      updateTurn();
      return;
    case 'state':
      // A turn that moved the interview on (not a reminder's own): the reminder is answered.
      if (event.path.length > 0) reminder.clear();
      return onState(event);
    case 'reminder':
      return reminder.reminded(event);
    case 'more_time':
      return reminder.granted(event);
    case 'ended':
      return onEnded(event.ending_reason);
    case 'INTERVIEW_NOT_ALLOWED':
      session.finish();
      if (event.reason === 'interview_ended') {
        // Reloaded after the end (or back later): the end screen again while its feedback form still has a use.
        if (event.feedback_given === false) return onEnded(event.ending_reason);
        return refuse(words.overHeading, words.over);
      }
      // Back after a drop, or reloaded, the server may not have let the old connection go yet: try again.
      refusedElsewhere += 1;
      if ((reconnecting && canStillResume()) || (session.sentResumeToken && refusedElsewhere <= OWN_SESSION_RETRIES)) {
        heldRetry = setTimeout(() => session.reconnectNow(), backOff(refusedElsewhere, HELD_RETRY_BASE_MS, HELD_RETRY_CAP_MS));
        return;
      }
      stopCountdown();
      stopVoice();
      view.notice(
        words.elsewhereHeading,
        words.elsewhere,
        { label: words.useHere, run: () => session.reconnectNow() },
        refusedElsewhere > 1 ? words.stillElsewhere : '',
      );
      return;
    case 'error':
      if (event.code === 'INTERVIEW_NOT_FOUND') return refuse(words.invalidHeading, words.invalid);
      // Taken over by another tab, or the interview was reset: reconnecting would start it again.
      if (event.code === 'SESSION_TAKEN_OVER') return refuse(words.problemHeading, `${words.problem} (${event.code}).`);
      if (event.code === 'NO_MORE_TIME') return reminder.refused();
      if (event.fatal) view.notice(words.problemHeading, `${words.problem} (${event.code}).`);
      return;
    case 'audio_start':
      expectingAudio = Math.max(0, expectingAudio - 1);
      if (expectTimer) clearTimeout(expectTimer);
      expectTimer = null;
      playback.begin(event.id, event.sample_rate);
      return;
    case 'audio_end':
      playback.end(event.id);
      return;
    case 'stop_audio':
      // What the server had not sent yet is not coming either.
      stopExpectingAudio();
      playback.stop(event.id, event.reason);
      return;
    case 'vad':
      if (event.speaking) browserRecognition?.utteranceStarted();
      candidateSpeaking = mode === 'voice' && event.speaking;
      // The end of the candidate's speech: recognition runs now, and the candidate sees they were heard.
      if (mode === 'voice' && !event.speaking && awaiting) answered = true;
      if (event.speaking) answered = false;
      updateTurn();
      return;
    case 'heard':
      if (event.final) browserRecognition?.utteranceTaken(event.text);
      if (event.final) {
        view.caption('');
        // Nothing recognised: no turn follows, the candidate is still listened to.
        if (event.text) view.add('user', event.text);
        else answered = false;
        updateTurn();
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
  stopCountdown();
  reconnecting = false;
  refusedElsewhere = 0;
  resumeCount = event.resume_count;
  answered = false;
  reminder.clear();
  candidateSpeaking = false;
  stopExpectingAudio();
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
  if (mode === 'voice') {
    // A new connection: the server hears again who recognises.
    if (recognitionPlan() === 'browser') session.send({ type: 'mode', mode: 'voice', recognition: 'browser' });
    void resumeVoice();
  }
}

function onState(event: ServerEvents['state']): void {
  awaiting = event.awaiting_input;
  const total = welcome?.question_count ?? 0;
  const progress = element('progress', HTMLSpanElement);
  if (event.next_question_index === 0) progress.textContent = words.progressIntro;
  else if (CLOSING_STATES.has(event.state)) progress.textContent = words.progressClosing;
  else progress.textContent = fill(words.progressQuestion, { n: event.next_question_index, total });
  updateTurn();
  updateAnswerBox();
}

/** The end screen's words for how the interview ended (ending reasons 1 completed, 2 by the candidate, 3 inactivity). */
function endText(reason: number | undefined): string {
  if (reason === 1) return words.thanksText;
  if (reason === 2) return words.endedByYouText;
  if (reason === 3) return words.endedInactivityText;
  return words.endedOtherText;
}

function onEnded(reason: number | undefined): void {
  ended = true;
  element('end-text', HTMLParagraphElement).textContent = endText(reason);
  stopCountdown();
  session.finish();
  stopVoice();
  playback.stopAll('ended');
  view.show('end');
  // The last chunks upload while the end screen shows.
  void stopVideo();
}

function refuse(heading: string, text: string): void {
  reconnecting = false;
  stopCountdown();
  session.finish();
  stopVoice();
  void stopVideo();
  view.notice(heading, text);
}

// ---- reconnection -----------------------------------------------------------

let countdown: ReturnType<typeof setInterval> | null = null;
let heldRetry: ReturnType<typeof setTimeout> | null = null;

/** The server keeps a dropped interview for the grace period; until then a retry can still resume it. */
function canStillResume(): boolean {
  return !droppedAt || Date.now() - droppedAt < config.reconnect_grace_seconds * 1000;
}

/** The countdown says "reconnecting automatically": it runs only while the page really is. */
function stopCountdown(): void {
  if (countdown) clearInterval(countdown);
  countdown = null;
  if (heldRetry) clearTimeout(heldRetry);
  heldRetry = null;
}

function onDropped(_attempt: number, _delayMs: number): void {
  if (ended) return;
  reconnecting = true;
  if (!started) {
    if (view.screen === 'loading') view.setStatus(words.reconnecting);
    return;
  }
  stopVoice();
  playback.stopAll('ended');
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
    if (droppedAt && reconnecting && view.screen === 'notice' && !ended) render();
    else stopCountdown();
  }, 1_000);
}

// ---- welcome, consent, device check ---------------------------------------------

function showWelcome(event: ServerEvents['session']): void {
  element('welcome-heading', HTMLHeadingElement).textContent = fill(words.welcomeHeading, { job: event.job_title ?? '' });
  element('welcome-questions', HTMLLIElement).textContent = fill(words.questionCount, { n: event.question_count });
  element('welcome-duration', HTMLLIElement).textContent = fill(words.duration, { minutes: event.expected_minutes ?? 0 });
  const limit = fill(words.inactivityLimit, { seconds: Math.round(config.inactivity_seconds), reminders: config.inactivity_reminders });
  const moreTime = fill(words.moreTimeHint, { minutes: minutesFor(config.more_time_seconds), count: config.more_time_requests });
  element('welcome-inactivity', HTMLParagraphElement).textContent = config.more_time_requests > 0 ? `${limit} ${moreTime}` : limit;
  const link = element('privacy-link', HTMLAnchorElement);
  if (config.privacy_url) link.href = config.privacy_url;
  link.hidden = !config.privacy_url;
  element('privacy-missing', HTMLSpanElement).hidden = Boolean(config.privacy_url);
  element('welcome-camera', HTMLParagraphElement).hidden = !cameraRequired();
  showRecogniserNote(event);
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

/** Who recognises the candidate's speech in this page: its browser where allowed and able, else the server, else nobody. */
const recognitionPlan = () => planRecognition(welcome?.speech, !browserRecognitionFailed && findBrowserRecogniser(window) !== null);
const canRecognise = () => recognitionPlan() !== 'none';
/** The page's choice for `start` and `mode` in voice mode. */
const recognitionChoice = () => (recognitionPlan() === 'browser' ? { recognition: 'browser' as const } : {});

/** The welcome screen says where the candidate's voice goes, or that the offline recogniser is weak. */
function showRecogniserNote(event: ServerEvents['session']): void {
  const note = element('welcome-recognition', HTMLParagraphElement);
  const plan = recognitionPlan();
  if (plan === 'browser') note.textContent = words.recognitionByBrowser;
  else if (plan === 'server' && event.speech?.low_accuracy) note.textContent = words.recognitionLowAccuracy;
  else note.textContent = '';
  note.hidden = !note.textContent;
}

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
  session.send({ type: 'start', consent: true, mode: chosen, ...(chosen === 'voice' ? recognitionChoice() : {}) });
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
  showVoiceToggle();
  updateAnswerBox();
  if (micProblem && !speechUnavailable && canRecognise()) showNotice(micProblem === 'denied' ? words.micDenied : words.micMissing);
  const tick = () => (element('elapsed', HTMLSpanElement).textContent = clock((Date.now() - startedAt) / 1000));
  tick();
  elapsedTimer ??= setInterval(tick, 1_000);
}

function yourTurnWords(): string {
  return mode === 'voice' && !typingOpen ? `${words.yourTurn}. ${words.listening}` : words.yourTurn;
}

/**
 * Whose turn it is, from what the page knows: the interviewer while its voice
 * plays or is still coming, "got it" from the end of an answer until the reply
 * starts, the candidate only once the last sentence has finished.
 */
function turnWords(): string {
  if (playback.isBusy) return words.interviewerSpeaking;
  if (answered) return words.gotIt;
  if (expectingAudio > 0) return words.interviewerSpeaking;
  if (!awaiting) return words.interviewerThinking;
  return candidateSpeaking ? words.youSpeaking : yourTurnWords();
}

/** The status region is announced on every change: it changes only when the words do. */
function updateTurn(): void {
  const turn = element('turn', HTMLParagraphElement);
  const text = turnWords();
  if (turn.textContent !== text) turn.textContent = text;
}

/** The interviewer speaks aloud, typed or spoken, when the server has a synthesizer. */
function showVoiceToggle(): void {
  voiceToggle.offer(welcome?.speech?.synthesis === true);
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
    return;
  }
  startBrowserRecognition();
}

/** The browser hears the candidate alongside the capture (the audio still streams for the turns and the recording). */
function startBrowserRecognition(): void {
  const Recogniser = findBrowserRecogniser(window);
  if (browserRecognition || !Recogniser || recognitionPlan() !== 'browser') return;
  browserRecognition = new BrowserRecognition(Recogniser, config.language_tag, {
    recognised: (text, isFinal) => session.send({ type: 'recognised', text, final: isFinal }),
    caption: (text) => view.caption(text),
    failed: (reason) => browserRecognitionFailedHere(reason),
  });
  browserRecognition.start();
}

/** The browser cannot recognise after all: the server's recogniser takes over, or the server says to type. */
function browserRecognitionFailedHere(reason: string): void {
  browserRecognition = null;
  browserRecognitionFailed = true;
  session.send({ type: 'client_error', message: `browser speech recognition failed: ${reason}`.slice(0, 1_000), fatal: false });
  if (mode === 'voice') session.send({ type: 'mode', mode: 'voice', recognition: 'server' });
}

function stopVoice(): void {
  capture?.stop();
  capture = null;
  browserRecognition?.stop();
  browserRecognition = null;
}

function switchMode(next: SessionMode): void {
  if (next === mode) return;
  mode = next;
  session.send({ type: 'mode', mode: next, ...(next === 'voice' ? recognitionChoice() : {}) });
  if (next === 'text') {
    stopVoice();
    typingOpen = true;
  } else void resumeVoice();
  element('voice-controls', HTMLDivElement).hidden = mode !== 'voice';
  showVoiceToggle();
  // A "You are speaking" from the microphone no longer applies.
  candidateSpeaking = false;
  updateTurn();
  updateAnswerBox();
}

view.form.addEventListener('submit', (submit) => {
  submit.preventDefault();
  const answer = view.takeAnswer();
  if (!answer || !awaiting) return;
  view.add('user', answer);
  session.send({ type: 'answer', text: answer });
  awaiting = false;
  answered = true;
  updateTurn();
  updateAnswerBox();
  // The answer box is gone: focus goes to the conversation, where the answer now is and the reply will come.
  element('conversation', HTMLDivElement).focus({ preventScroll: true });
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
  // The form may be gone: focus stays on something meaningful, the outcome.
  result.focus();
}

window.addEventListener('error', (error) => {
  session.send({ type: 'client_error', message: String(error.message).slice(0, 1_000), fatal: false });
});

view.setStatus(words.connecting);
session.connect();
