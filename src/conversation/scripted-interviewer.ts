// The built-in interviewer: offline and deterministic, from the language records' phrases (languages/).

import { EndingReason } from '../interviews/enums.js';
import type { Act } from './state-machine.js';
import type { InterviewBrief, Interviewer, RenderRequest, Utterance } from './interviewer.js';
import { phrasesFor, type InterviewerPhrases } from '../languages/index.js';

export class ScriptedInterviewer implements Interviewer {
  readonly name = 'scripted';

  usesModelFor(): boolean {
    return false;
  }

  async render(request: RenderRequest): Promise<Utterance[]> {
    return request.acts.map((act) => ({ text: renderAct(act, request.brief), source: 'scripted' }));
  }
}

export function renderAct(act: Act, brief: InterviewBrief): string {
  const p = phrasesFor(brief.languageCode);
  const question = (index: number) => brief.questions[index]?.text ?? '';
  switch (act.kind) {
    case 'greeting':
      if (brief.kind === 'screening_interview') return p.greetingScreening(brief.jobTitle);
      if (brief.kind === 'video_introduction') return p.greetingVideo(brief.jobTitle);
      return p.greetingJob(brief.jobTitle);
    case 'ask_intro':
      return p.askIntro;
    case 'ack_intro':
      return p.ackIntro;
    case 'ask_question':
      return p.askQuestion(act.index + 1, brief.questions.length, question(act.index));
    case 'follow_up':
      return p.followUp;
    case 'repeat_question':
      return p.repeat(question(act.index));
    case 'ack_answer':
      return p.acks[act.index % p.acks.length] ?? p.acks[0];
    case 'refusal_noted':
      return p.refusalNoted;
    case 'abuse_warning':
      return p.abuseWarning;
    case 'invite_questions':
      return p.inviteQuestions;
    case 'answer_candidate_question':
      return p.answerCandidateQuestion;
    case 'closing':
      return p.closing(brief.jobTitle);
    case 'reminder':
      return p.reminder;
    case 'welcome_back':
      return p.welcomeBack;
    case 'farewell':
      return farewell(p, act.reason);
  }
}

function farewell(p: InterviewerPhrases, reason: EndingReason): string {
  switch (reason) {
    case EndingReason.ENDED_DUE_TO_USER_INACTIVITY:
      return p.farewellInactivity;
    case EndingReason.ENDED_DUE_TO_USER_UNCOOPERRATIVE:
      return p.farewellUncooperative;
    case EndingReason.ENDED_DUE_TO_ERRROR:
    case EndingReason.ENDED_DUE_TO_FRONTEND_ERRROR:
      return p.farewellError;
    case EndingReason.ENDED_DUE_TO_EXCEEDED_RESUME_COUNT:
      return p.farewellResumes;
    default:
      return p.farewellUserEnded;
  }
}
