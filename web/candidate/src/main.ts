// The text-mode candidate page: shows the conversation, sends typed answers,
// and resumes after a dropped connection. The voice page grows from here.

import './style.css';
import { readPageConfig } from './page-config.js';
import { SessionClient } from './session-client.js';
import { PageView } from './view.js';
import type { ServerEvent } from '../../../src/session/protocol.js';

const ACTIVITY_INTERVAL_MS = 5_000;

const { words } = readPageConfig(document);
const view = new PageView();
view.localise(words);
view.setStatus(words.connecting);

const interviewId = new URLSearchParams(location.search).get('iid') ?? '';
const session = SessionClient.forInterview(interviewId, {
  onEvent: handle,
  onReconnecting() {
    view.awaitAnswer(false);
    view.setStatus(words.reconnecting);
  },
});

function finish(message: string): void {
  session.finish();
  view.awaitAnswer(false);
  view.setStatus(message);
}

function handle(event: ServerEvent): void {
  switch (event.type) {
    case 'session':
      view.clearTranscript();
      for (const entry of event.transcript) view.add(entry.role, entry.content);
      view.setStatus('');
      break;
    case 'utterance':
      view.add('assistant', event.text);
      break;
    case 'state':
      view.awaitAnswer(event.awaiting_input);
      break;
    case 'ended':
      finish(words.ended);
      break;
    case 'INTERVIEW_NOT_ALLOWED':
      finish(event.reason === 'session_active' ? words.elsewhere : words.over);
      break;
    case 'error':
      if (event.code === 'INTERVIEW_NOT_FOUND') finish(words.invalid);
      // Taken over by another tab, or the interview was reset: reconnecting would start it again.
      else if (event.code === 'SESSION_TAKEN_OVER') finish(`${words.problem} (${event.code}).`);
      else if (event.fatal) view.setStatus(`${words.problem} (${event.code}).`);
      break;
    case 'pong':
      break;
  }
}

view.form.addEventListener('submit', (submit) => {
  submit.preventDefault();
  const answer = view.takeAnswer();
  if (!answer) return;
  view.add('user', answer);
  session.send({ type: 'answer', text: answer });
  view.awaitAnswer(false);
});

let lastActivity = 0;
view.text.addEventListener('input', () => {
  if (Date.now() - lastActivity > ACTIVITY_INTERVAL_MS) {
    lastActivity = Date.now();
    session.send({ type: 'activity' });
  }
});
view.repeatButton.addEventListener('click', () => session.send({ type: 'repeat' }));
view.endButton.addEventListener('click', () => {
  if (confirm(words.confirmEnd)) session.send({ type: 'end' });
});
window.addEventListener('error', (error) => {
  session.send({ type: 'client_error', message: String(error.message).slice(0, 1_000), fatal: false });
});

session.connect();
