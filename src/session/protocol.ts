// The candidate real-time protocol, versions 1 and 2 (docs/realtime-protocol.md).
// Inbound frames are a discriminated union on `type`, each member a compiled
// schema; outbound events are a typed map. Text frames carry JSON. Version 2
// adds consent before anything starts and audio in binary frames (16-bit
// mono PCM, both ways); version 1 refuses binary frames.

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Type, type Static, type TSchema } from 'typebox';
import { EndingReason } from '../interviews/enums.js';
import type { TranscriptEntry } from '../interviews/interview.schemas.js';
import { Text } from '../common/schema.js';

export {
  CANDIDATE_SESSION_PATH,
  CloseCode,
  MAX_RESUME_TOKEN_LENGTH,
  PROTOCOL_VERSION,
  SUPPORTED_VERSIONS,
  VOICE_PROTOCOL_VERSION,
  candidateSessionUrl,
} from './protocol-shared.js';

/** ws closes frames larger than this with 1009 before they are buffered whole. */
export const MAX_FRAME_BYTES = 64 * 1024;
export const MAX_ANSWER_CHARS = 8_000;

export const AnswerMessage = Type.Object(
  { type: Type.Literal('answer'), text: Text({ minLength: 1, maxLength: MAX_ANSWER_CHARS }) },
  { additionalProperties: false },
);
export const RepeatMessage = Type.Object({ type: Type.Literal('repeat') }, { additionalProperties: false });
export const EndMessage = Type.Object(
  {
    type: Type.Literal('end'),
    /** True when the candidate quits because something went wrong (ending reason 8 instead of 2). */
    after_error: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const ClientErrorMessage = Type.Object(
  {
    type: Type.Literal('client_error'),
    message: Text({ maxLength: 1_000 }),
    /** A fatal page error ends the interview (ending reason 6). */
    fatal: Type.Boolean(),
  },
  { additionalProperties: false },
);
/** The candidate is typing (or speaking): postpones the inactivity reminders without a turn. */
export const ActivityMessage = Type.Object({ type: Type.Literal('activity') }, { additionalProperties: false });
/** Version 2: "I need more time" after an inactivity reminder: the reminders wait longer, a bounded number of times. */
export const MoreTimeMessage = Type.Object({ type: Type.Literal('more_time') }, { additionalProperties: false });
export const PingMessage = Type.Object(
  { type: Type.Literal('ping'), id: Type.Optional(Text({ maxLength: 64 })) },
  { additionalProperties: false },
);

/** Largest binary audio frame a client may send (version 2): 16 KiB is 512 ms of 16 kHz PCM16. */
export const MAX_AUDIO_FRAME_BYTES = 16 * 1024;

const Mode = Type.Union([Type.Literal('voice'), Type.Literal('text')]);
export type SessionMode = Static<typeof Mode>;
/** Who recognises the candidate's speech, as the page says: itself (where `speech.browser_recognition` allows it) or the server. */
const RecognitionChoice = Type.Union([Type.Literal('browser'), Type.Literal('server')]);

/** Version 2: the candidate agrees to the interview and its recording; nothing starts before. */
export const StartMessage = Type.Object(
  { type: Type.Literal('start'), consent: Type.Literal(true), mode: Mode, recognition: Type.Optional(RecognitionChoice) },
  { additionalProperties: false },
);
/** Version 2: switch between speaking and typing mid-interview (typed answers stay accepted in voice mode), or who recognises. */
export const ModeMessage = Type.Object(
  { type: Type.Literal('mode'), mode: Mode, recognition: Type.Optional(RecognitionChoice) },
  { additionalProperties: false },
);
/** Version 2: where the page is in playing an `audio_start` stream (echo gating, barge-in). */
export const PlaybackMessage = Type.Object(
  {
    type: Type.Literal('playback'),
    id: Text({ minLength: 1, maxLength: 64 }),
    event: Type.Union([Type.Literal('started'), Type.Literal('ended'), Type.Literal('interrupted')]),
  },
  { additionalProperties: false },
);
/** Why an `audio_start` stream stopped playing on the page (`complete`: to its end). */
export const PlayedOutcome = Type.Union([
  Type.Literal('complete'),
  Type.Literal('barge_in'),
  Type.Literal('repeat'),
  Type.Literal('ended'),
  Type.Literal('skipped'),
  Type.Literal('muted'),
]);
export type PlayedOutcome = Static<typeof PlayedOutcome>;
/** Version 2: how much of an `audio_start` stream the candidate actually heard, once it is over for the page. */
export const PlayedMessage = Type.Object(
  {
    type: Type.Literal('played'),
    id: Text({ minLength: 1, maxLength: 64 }),
    played_ms: Type.Integer({ minimum: 0, maximum: 3_600_000 }),
    outcome: PlayedOutcome,
  },
  { additionalProperties: false },
);
/** Version 2, browser recognition: what the candidate's browser recognised of the utterance in progress; `final` once the browser settled it. */
export const RecognisedMessage = Type.Object(
  { type: Type.Literal('recognised'), text: Text({ minLength: 1, maxLength: MAX_ANSWER_CHARS }), final: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const ClientMessage = Type.Union([
  AnswerMessage,
  RepeatMessage,
  EndMessage,
  ClientErrorMessage,
  ActivityMessage,
  PingMessage,
  StartMessage,
  ModeMessage,
  PlaybackMessage,
  PlayedMessage,
  RecognisedMessage,
  MoreTimeMessage,
]);
export type ClientMessage = Static<typeof ClientMessage>;
export type ClientMessageType = ClientMessage['type'];

const V1_MEMBERS = {
  answer: AnswerMessage,
  repeat: RepeatMessage,
  end: EndMessage,
  client_error: ClientErrorMessage,
  activity: ActivityMessage,
  ping: PingMessage,
} satisfies Partial<Record<ClientMessageType, TSchema>>;

/** The inbound members each protocol version accepts. */
const MEMBERS_BY_VERSION: Readonly<Record<number, Partial<Record<ClientMessageType, TSchema>>>> = {
  1: V1_MEMBERS,
  2: {
    ...V1_MEMBERS,
    start: StartMessage,
    mode: ModeMessage,
    playback: PlaybackMessage,
    played: PlayedMessage,
    recognised: RecognisedMessage,
    more_time: MoreTimeMessage,
  },
};

export const PROTOCOL_ERROR_CODES = [
  'INVALID_JSON',
  'INVALID_MESSAGE',
  'UNKNOWN_TYPE',
  'BINARY_NOT_SUPPORTED',
  'CONSENT_REQUIRED',
  'ALREADY_STARTED',
  'AUDIO_NOT_EXPECTED',
  'INVALID_AUDIO',
  'RATE_LIMITED',
  'NOT_YOUR_TURN',
  'NO_MORE_TIME',
  'UNSUPPORTED_VERSION',
  'INTERVIEW_NOT_FOUND',
  'SESSION_TAKEN_OVER',
  'SERVER_ERROR',
] as const;
export type ProtocolErrorCode = (typeof PROTOCOL_ERROR_CODES)[number];

export interface ServerEvents {
  session: {
    protocol_version: number;
    interview_id: string;
    interview_type: number;
    language_code: number;
    /** BCP 47 tag of the interview language. */
    language_tag: string;
    direction: 'ltr' | 'rtl';
    state: number;
    next_question_index: number;
    question_count: number;
    resumed: boolean;
    resume_count: number;
    /**
     * This connection's own token: a new connection of the same page (a reload) that sends it as
     * `?resume=` takes this session over instead of being refused as a second tab. New on every connection.
     */
    resume_token: string;
    /** Everything said so far, so a resumed page can show it. */
    transcript: TranscriptEntry[];
    /** Version 2: true until the candidate has sent `start` (the interview waits in state 0). */
    consent_required?: boolean;
    /** Version 2: what the welcome screen shows. */
    job_title?: string;
    expected_minutes?: number;
    /** Version 2: the mode chosen in `start` (or the last `mode`), null before consent. */
    mode?: SessionMode | null;
    /** Version 2: what the server can do with speech in this interview's language. */
    speech?: {
      /** Who recognises the candidate's speech: the server, the browser (send `recognised`), or nobody (typed answers). */
      recognition: 'server' | 'browser' | 'none';
      /** The page may recognise in the browser instead (it says so with `recognition: "browser"` in `start` or `mode`). */
      browser_recognition?: boolean;
      /** The server's recogniser is the low-accuracy offline fallback (PocketSphinx): real voices are often misheard. */
      low_accuracy?: boolean;
      /** Whether the interviewer's words arrive as audio (`audio_start`, binary frames, `audio_end`). */
      synthesis: boolean;
      /** Rate of the PCM16 the client sends. */
      sample_rate: number;
      max_audio_frame_bytes: number;
    };
  };
  utterance: { role: 'assistant'; text: string; control_id: string; created_at: string };
  state: { state: number; path: number[]; next_question_index: number; awaiting_input: boolean };
  ended: { state: number; ending_reason: number; ending_reason_name: string };
  INTERVIEW_NOT_ALLOWED: {
    reason: 'session_active' | 'interview_ended';
    state: number;
    ending_reason: number;
    message: string;
    /** `interview_ended` only: whether the candidate already left feedback, so a reloaded end screen can still offer it. */
    feedback_given?: boolean;
  };
  error: { code: ProtocolErrorCode; message: string; fatal: boolean };
  pong: { id?: string };
  /** Version 2: the interviewer's speech for one utterance follows in binary PCM16 frames at `sample_rate`. */
  audio_start: { id: string; control_id: string; sample_rate: number; text: string };
  audio_end: { id: string; duration_ms: number };
  /** Version 2: stop playing `id` now (the candidate barged in, asked to repeat, or the interview ended). */
  stop_audio: { id: string; reason: 'barge_in' | 'repeat' | 'ended' };
  /** Version 2: voice-activity detection saw the candidate start or stop speaking. */
  vad: { speaking: boolean };
  /** Version 2: a caption of the candidate's speech; `final` once the turn's text is settled. */
  heard: { text: string; final: boolean };
  /**
   * Version 2: the reminder utterance just sent was an inactivity reminder: `number` of `of`; with no input
   * the interview ends in `ends_in_seconds`; `more_time` may still be asked `more_time_left` times.
   */
  reminder: { number: number; of: number; ends_in_seconds: number; more_time_left: number; more_time_seconds: number };
  /** Version 2: `more_time` granted: no reminder for `seconds`; `more_time_left` requests remain. */
  more_time: { seconds: number; more_time_left: number };
  /** Version 2: speech cannot be recognised (no recogniser for the language, it failed, or voice detection failed): answer by typing. */
  speech_unavailable: { reason: 'no_recogniser' | 'recogniser_failed' | 'vad_failed'; message: string };
}
export type ServerEventType = keyof ServerEvents;
export type ServerEvent = { [K in ServerEventType]: { type: K } & ServerEvents[K] }[ServerEventType];

export type ParseResult = { ok: true; message: ClientMessage } | { ok: false; code: ProtocolErrorCode; message: string };

/** Compiled once per process: the validators of every inbound member, keyed by version, then `type`. */
export class ClientMessageParser {
  private readonly byVersion: Map<number, Map<string, ValidateFunction>>;

  constructor() {
    const ajv = new Ajv({ allErrors: false, strict: false });
    const compiled = new Map<TSchema, ValidateFunction>();
    const compile = (schema: TSchema): ValidateFunction => {
      const known = compiled.get(schema) ?? ajv.compile(schema);
      compiled.set(schema, known);
      return known;
    };
    this.byVersion = new Map(
      Object.entries(MEMBERS_BY_VERSION).map(([version, members]) => [
        Number(version),
        new Map(Object.entries(members).map(([type, schema]) => [type, compile(schema)])),
      ]),
    );
  }

  parse(raw: string, version = 1): ParseResult {
    const validators = this.byVersion.get(version) ?? new Map<string, ValidateFunction>();
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false, code: 'INVALID_JSON', message: 'frame is not valid JSON' };
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { ok: false, code: 'INVALID_MESSAGE', message: 'a message is a JSON object with a "type"' };
    }
    const type = (value as { type?: unknown }).type;
    const validate = typeof type === 'string' ? validators.get(type) : undefined;
    if (!validate) {
      return {
        ok: false,
        code: 'UNKNOWN_TYPE',
        message: `unknown message type; expected one of ${[...validators.keys()].join(', ')}`,
      };
    }
    if (!validate(value)) return { ok: false, code: 'INVALID_MESSAGE', message: describe(validate.errors ?? []) };
    return { ok: true, message: value as ClientMessage };
  }
}

function describe(errors: readonly ErrorObject[]): string {
  const first = errors[0];
  if (!first) return 'invalid message';
  const where = first.instancePath ? first.instancePath.slice(1) : 'message';
  if (first.keyword === 'additionalProperties') return `${where}: unexpected field "${String(first.params.additionalProperty)}"`;
  return `${where}: ${first.message ?? 'invalid'}`;
}

/** `ending_reason_name` of the `ended` event: the spec's constant names, by value. */
export const ENDING_REASON_NAMES: Readonly<Record<number, string>> = Object.fromEntries(
  Object.entries(EndingReason).map(([name, value]) => [value, name]),
);
