// The only Fastify-aware piece of the session: the candidate WebSocket under
// /candidate/. It is authorised by the link (the interview id) alone and never
// looks at API keys. A browser page from a foreign origin is refused before
// the upgrade (403 {detail}). It parses and validates frames, enforces the frame rate
// and size limits, wraps the socket in a TextChannel (protocol v1) or a
// VoiceChannel (v2) and hands every message and audio frame to the session once:
// the session decides, and the channel renders what it decided.

import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { WebSocket } from 'ws';
import type { Scheduler } from '../common/clock.js';
import { TextChannel } from '../session/channels/text-channel.js';
import type { VoiceChannel } from '../session/channels/voice-channel.js';
import type { VoiceService } from '../session/voice-service.js';
import type { LiveSession } from '../session/live-session.js';
import {
  CANDIDATE_SESSION_PATH,
  ClientMessageParser,
  CloseCode,
  MAX_FRAME_BYTES,
  MAX_RESUME_TOKEN_LENGTH,
  PROTOCOL_VERSION,
  SUPPORTED_VERSIONS,
} from '../session/protocol.js';
import type { SessionService } from '../session/session.service.js';
import { AudioByteBudget, FrameRateLimiter } from './candidate-frame-limits.js';
import { CandidateOrigins, type CandidateOriginSettings } from './candidate-origins.js';

/** Version 2 audio frames a connection may send per second (20 ms frames are 50 a second). */
const MAX_AUDIO_FRAMES_PER_SECOND = 100;

export async function registerCandidateGateway(
  app: FastifyInstance,
  sessions: SessionService,
  scheduler: Scheduler,
  originSettings: CandidateOriginSettings,
  /** Server-side voice (protocol v2): speech in and out; without it v2 sessions are text-only. */
  voice: VoiceService | null = null,
  /** An erased interview's link opens no session (answered before the upgrade). */
  isErased: (interviewId: string) => Promise<boolean> = async () => false,
): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  const parser = new ClientMessageParser();
  const origins = new CandidateOrigins(originSettings, () => app.server.address());

  app.get(
    CANDIDATE_SESSION_PATH,
    {
      websocket: true,
      schema: {
        hide: true,
        params: Type.Object({ interview_id: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({
          v: Type.Optional(Type.String({ maxLength: 8 })),
          // The page's token from its previous connection; anything but the live session's own is ignored.
          resume: Type.Optional(Type.String({ maxLength: MAX_RESUME_TOKEN_LENGTH })),
        }),
      },
      // Before the upgrade, so a refused page gets a plain HTTP answer and never a socket.
      onRequest: async (request, reply) => {
        if (!origins.isAllowed(request.headers.origin)) {
          await reply.code(403).send({ detail: 'this origin may not open candidate sessions (see CANDIDATE_ALLOWED_ORIGINS)' });
          return;
        }
        if (await isErased((request.params as { interview_id: string }).interview_id)) {
          await reply.code(410).send({ detail: "this interview's personal data was erased on request; its link no longer works" });
        }
      },
    },
    (socket: WebSocket, request) => {
      const { interview_id: interviewId } = request.params as { interview_id: string };
      const query = request.query as { v?: string; resume?: string };
      const version = Number(query.v ?? PROTOCOL_VERSION);
      const voiceChannel: VoiceChannel | null =
        voice && version !== PROTOCOL_VERSION && SUPPORTED_VERSIONS.includes(version)
          ? voice.createChannel(socket, request.ip ?? null)
          : null;
      const connection = voiceChannel ?? new TextChannel(socket, request.ip ?? null);
      if (!SUPPORTED_VERSIONS.includes(version)) {
        connection.send({
          type: 'error',
          code: 'UNSUPPORTED_VERSION',
          message: `supported protocol versions: ${SUPPORTED_VERSIONS.join(', ')}`,
          fatal: true,
        });
        connection.close(CloseCode.UNSUPPORTED_VERSION, 'unsupported protocol version');
        return;
      }
      const limiter = new FrameRateLimiter(sessions.settings.maxMessagesPerSecond);
      // Version 2 microphone audio has its own budget: a page sends 10 to 50 frames a second.
      const audioLimiter = new FrameRateLimiter(MAX_AUDIO_FRAMES_PER_SECOND);
      // ... and a byte budget: 1.5 times real-time 16 kHz PCM16, whatever the frame size.
      const audioBytes = new AudioByteBudget();
      let session: LiveSession | null = null;
      let closed = false;
      // Frames that arrive while the session opens are handled once it is open, in order.
      const opening = sessions
        .track(sessions.open(interviewId, connection, version, query.resume || null))
        .then((opened) => {
          session = opened;
          if (closed) opened?.onSocketClosed();
          return opened;
        })
        // open() never rejects; this keeps a bug from becoming an unhandled rejection that ends the process.
        .catch(() => null);

      socket.on('message', (data, isBinary) => {
        const verdict = (isBinary && version !== PROTOCOL_VERSION ? audioLimiter : limiter).hit();
        if (verdict === 'close') {
          connection.send({ type: 'error', code: 'RATE_LIMITED', message: 'too many messages; connection closed', fatal: true });
          connection.close(CloseCode.RATE_LIMITED, 'rate limited');
          return;
        }
        if (verdict !== 'ok') {
          if (verdict === 'refuse')
            connection.send({ type: 'error', code: 'RATE_LIMITED', message: 'too many messages; slow down', fatal: false });
          return;
        }
        if (isBinary && version !== PROTOCOL_VERSION) {
          const frame = data as Buffer;
          const budget = audioBytes.take(frame.byteLength);
          if (budget !== 'ok') {
            // Dropped before the session sees it: faster than any microphone, so nothing is heard or recorded.
            if (budget === 'refuse')
              connection.send({
                type: 'error',
                code: 'RATE_LIMITED',
                message: 'audio faster than real time (16 kHz, 16-bit mono); frames dropped',
                fatal: false,
              });
            return;
          }
          // The session decides (consent, mode, frame shape) in arrival order, outside the turn queue.
          void opening.then((opened) => opened?.handleAudio(frame));
          return;
        }
        if (isBinary) {
          connection.send({
            type: 'error',
            code: 'BINARY_NOT_SUPPORTED',
            message: 'audio frames are not accepted in text mode',
            fatal: false,
          });
          return;
        }
        const parsed = parser.parse((data as Buffer).toString('utf8'), version);
        if (!parsed.ok) {
          connection.send({ type: 'error', code: parsed.code, message: parsed.message, fatal: false });
          return;
        }
        // The session decides; what the voice channel must follow it hands on (CandidateChannel.accepted).
        void opening.then((opened) => opened?.handle(parsed.message));
      });
      // A network that drops silently leaves a half-open socket that would hold the lease for
      // minutes: a connection that misses a pong is terminated, which counts as a disconnect.
      let isAlive = true;
      socket.on('pong', () => (isAlive = true));
      const pinger = scheduler.setInterval(() => {
        if (!isAlive) return socket.terminate();
        isAlive = false;
        socket.ping();
      }, sessions.settings.pingSeconds * 1000);
      socket.on('close', () => {
        pinger.clear();
        closed = true;
        voiceChannel?.disconnected();
        session?.onSocketClosed();
      });
      // ws reports oversized or malformed frames here and closes the socket itself (1009 / 1002).
      socket.on('error', () => {});
    },
  );
}
