// Thin routes: schema, one service call, the response.

import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { InterviewService } from '../../interviews/interview.service.js';
import {
  CreateHeaders,
  CreateInterviewFromQuestionsRequest,
  DetailsHeaders,
  InterviewCreatedResponse,
  InterviewDetailsResponse,
  InterviewEvaluationReportResponse,
  InterviewIdParams,
  InterviewLogsResponse,
  InterviewRecordingResponse,
  InterviewTranscriptResponse,
  InterviewVideoRecordingResponse,
  LocaleHeaders,
  OverallEvaluation,
  ResetInterviewResponse,
  ScreeningInterviewATSCreateRequest,
} from '../../interviews/interview.schemas.js';
import { ErrorResponse } from '../../common/schema.js';
import { principalOf } from '../authentication.js';
import type { TypedApp } from '../typed-app.js';

const tags = ['interview'];
const errors = { 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse };

export function registerInterviewRoutes(fastify: FastifyInstance, interviews: InterviewService): void {
  const app = fastify as TypedApp;

  app.get('/interview/details/:interview_id', {
    config: { scope: 'interviews:read' },
    schema: {
      tags,
      summary: 'Interview details',
      params: InterviewIdParams,
      headers: DetailsHeaders,
      response: { 200: InterviewDetailsResponse, ...errors },
    },
    handler: (request) =>
      interviews.getDetails(principalOf(request), request.params.interview_id, {
        withTranscript: request.headers['x-frontend'] === 'talentui',
      }),
  });

  app.post('/interview/create-from-questions', {
    config: { scope: 'interviews:write' },
    schema: {
      tags,
      summary: 'Create a job interview (or a video introduction with interview_type 2)',
      headers: CreateHeaders,
      body: CreateInterviewFromQuestionsRequest,
      response: { 200: InterviewCreatedResponse, ...errors },
    },
    handler: (request) => interviews.createJobInterview(principalOf(request), request.body),
  });

  app.post('/interview/screening/create-from-questions', {
    config: { scope: 'interviews:write' },
    schema: {
      tags,
      summary: 'Create a screening interview',
      headers: CreateHeaders,
      body: ScreeningInterviewATSCreateRequest,
      response: { 200: InterviewCreatedResponse, ...errors },
    },
    handler: (request) => interviews.createScreeningInterview(principalOf(request), request.body),
  });

  app.post('/interview/reset/:interview_id', {
    config: { scope: 'interviews:write' },
    schema: {
      tags,
      summary: 'Reset an interview (not in production)',
      params: InterviewIdParams,
      response: { 200: ResetInterviewResponse, ...errors },
    },
    handler: (request) => interviews.reset(principalOf(request), request.params.interview_id),
  });

  app.get('/interview/evaluation-report/:interview_id', {
    config: { scope: 'interviews:read' },
    schema: {
      tags,
      summary: 'Evaluation report: OverallEvaluation for job interviews, the full report otherwise',
      params: InterviewIdParams,
      headers: LocaleHeaders,
      response: { 200: Type.Union([OverallEvaluation, InterviewEvaluationReportResponse]), ...errors },
    },
    handler: (request) => interviews.getEvaluationReport(principalOf(request), request.params.interview_id, request.headers.locale ?? 'en'),
  });

  app.get('/interview/transcript/:interview_id', {
    config: { scope: 'interviews:read' },
    schema: { tags, summary: 'Transcript', params: InterviewIdParams, response: { 200: InterviewTranscriptResponse, ...errors } },
    handler: (request) => interviews.getTranscript(principalOf(request), request.params.interview_id),
  });

  app.get('/interview/overall-evaluation-report/:interview_id', {
    config: { scope: 'interviews:read' },
    schema: {
      tags,
      summary: 'Overall evaluation (short form)',
      params: InterviewIdParams,
      headers: LocaleHeaders,
      response: { 200: OverallEvaluation, ...errors },
    },
    handler: (request) =>
      interviews.getOverallEvaluation(principalOf(request), request.params.interview_id, request.headers.locale ?? 'en'),
  });

  app.get('/interview/get-recording/:interview_id', {
    config: { scope: 'interviews:read' },
    schema: {
      tags,
      summary: 'Mixed MP3 recording (short-lived URL)',
      params: InterviewIdParams,
      headers: LocaleHeaders,
      response: { 200: InterviewRecordingResponse, 500: ErrorResponse, ...errors },
    },
    handler: async (request) => ({
      interview_recording: await interviews.getRecordingUrl(principalOf(request), request.params.interview_id, 'audio'),
    }),
  });

  app.get('/interview/get-video-recording/:interview_id', {
    config: { scope: 'interviews:read' },
    schema: {
      tags,
      summary: 'WebM video recording (short-lived URL)',
      params: InterviewIdParams,
      headers: LocaleHeaders,
      response: { 200: InterviewVideoRecordingResponse, 500: ErrorResponse, ...errors },
    },
    handler: async (request) => ({
      interview_video_recording: await interviews.getRecordingUrl(principalOf(request), request.params.interview_id, 'video'),
    }),
  });

  app.get('/interview/get-logs/:interview_id', {
    config: { scope: 'interviews:read' },
    schema: {
      tags,
      summary: 'Session log',
      params: InterviewIdParams,
      headers: LocaleHeaders,
      response: { 200: InterviewLogsResponse, ...errors },
    },
    handler: async (request) => ({ interview_logs: await interviews.getLogs(principalOf(request), request.params.interview_id) }),
  });
}
