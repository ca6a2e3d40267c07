// The decoding program behind warm PocketSphinx (pocketsphinx-warm.ts): Node
// running a short script that opens Debian's libpocketsphinx.so.3 through the
// `koffi` FFI and keeps its decoders loaded between utterances. It is a child
// process, not a worker thread, so a crash inside the C library ends this
// program and not the service; the service starts another.
//
// A warm decoder hears each utterance as a fresh `pocketsphinx_continuous`
// process (pocketsphinx.ts) would, word for word:
// - Before each utterance its cepstral mean normalisation is set back to what
//   it was when the model had just loaded (the model's -cmninit, no frames
//   counted). Left alone, the mean learnt from the last speaker's utterances
//   skews the next one ("two threads" heard as "plenty of threads").
//   libpocketsphinx has no call for this: the program finds the feature
//   stream's `cmn_t` (sphinxbase's feat.h and cmn.h, stable since 2016) and
//   keeps a copy of it; the probe checks the layout before warm decoding is
//   used at all.
// - Each utterance is a new stream (ps_start_stream), so the voice activity
//   detector starts from no noise estimate, as in a new process.
// - The audio is decoded in blocks of 2048 samples and cut where the detector
//   hears speech end, as pocketsphinx_continuous -infile does; the text is
//   the stretches' hypotheses joined.
//
// Frames both ways: a 4-byte big-endian length of what follows, one byte of
// kind, a 4-byte big-endian utterance id, then the payload.
//   in:  o open, a audio (PCM16 little-endian), c checkpoint, f finish, x abort
//   out: p partial text, k checkpoint text, t final text, e error (utf-8 message)
//
// A checkpoint ends the stretch being decoded where the audio has got to (as
// the detector would at the end of speech) and answers with every stretch so
// far: the words finish would give if the utterance ended now. The utterance
// goes on, so audio after it is decoded once, in a new stretch.

/** Frame kinds, as their byte. */
export const FRAME = {
  open: 0x6f,
  audio: 0x61,
  checkpoint: 0x63,
  finish: 0x66,
  abort: 0x78,
  partial: 0x70,
  checkpointText: 0x6b,
  text: 0x74,
  error: 0x65,
} as const;

const HEADER_BYTES = 9;
/** No frame the program sends is larger (a hypothesis, an error message). */
const MAX_FRAME_BYTES = 1024 * 1024;

export function encodeFrame(kind: number, id: number, payload: Uint8Array = new Uint8Array(0)): Buffer {
  const frame = Buffer.allocUnsafe(HEADER_BYTES + payload.byteLength);
  frame.writeUInt32BE(5 + payload.byteLength, 0);
  frame.writeUInt8(kind, 4);
  frame.writeUInt32BE(id, 5);
  frame.set(payload, HEADER_BYTES);
  return frame;
}

export interface ProgramFrame {
  kind: number;
  id: number;
  text: string;
}

/** Cuts the program's stdout into frames; throws on one that breaks the protocol. */
export class ProgramFrameReader {
  private buffered: Buffer = Buffer.alloc(0);

  constructor(private readonly onFrame: (frame: ProgramFrame) => void) {}

  push(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    while (this.buffered.length >= 4) {
      const size = this.buffered.readUInt32BE(0);
      if (size < 5 || size > MAX_FRAME_BYTES) throw new Error(`a frame of ${size} bytes`);
      if (this.buffered.length < 4 + size) return;
      const frame = this.buffered.subarray(0, 4 + size);
      this.buffered = this.buffered.subarray(4 + size);
      this.onFrame({ kind: frame.readUInt8(4), id: frame.readUInt32BE(5), text: frame.subarray(HEADER_BYTES).toString('utf8') });
    }
  }
}

/**
 * The program, as plain JavaScript (CommonJS) so it runs the same under tsx,
 * Vitest and dist/. `config` (argv[1], JSON): `koffi` (the module's resolved
 * path), `args` (the decoder's command line: model, dictionary, rate),
 * `partialEverySamples`.
 */
/**
 * What the program and the probe share: the library's functions, and a decoder that starts
 * every utterance from the state it loaded with.
 */
const DECODER_LIBRARY = `
const sphinxbase = koffi.load('libsphinxbase.so.3');
const lib = koffi.load('libpocketsphinx.so.3');
const psArgs = lib.func('void *ps_args()');
const parseArgs = sphinxbase.func('void *cmd_ln_parse_r(void *config, void *defn, int argc, const char **argv, int strict)');
const psInit = lib.func('void *ps_init(void *config)');
const startStream = lib.func('int ps_start_stream(void *ps)');
const startUtt = lib.func('int ps_start_utt(void *ps)');
const processRaw = lib.func('int ps_process_raw(void *ps, const int16_t *data, size_t samples, int no_search, int full_utt)');
const getInSpeech = lib.func('uint8_t ps_get_in_speech(void *ps)');
const getHyp = lib.func('const char *ps_get_hyp(void *ps, _Out_ int *score)');
const endUtt = lib.func('int ps_end_utt(void *ps)');
const getFeat = lib.func('void *ps_get_feat(void *ps)');

/** pocketsphinx_continuous reads its input 2048 samples at a time and looks for the end of speech after each read. */
const BLOCK_SAMPLES = 2048;
// Where sphinxbase keeps the normalisation (LP64): feat_t's cepsize at 16 and cmn_struct at 88;
// cmn_t is { float *cmn_mean; float *cmn_var; float *sum; int32 nframe; int32 veclen; }.
const FEAT_CEPSIZE = 16;
const FEAT_CMN = 88;
const CMN_MEAN = 0;
const CMN_SUM = 16;
const CMN_NFRAME = 24;
const CMN_VECLEN = 28;

/** The normalisation state of a decoder that has heard nothing yet: its copy, kept to start every utterance from. */
function freshNormalisation(ps, args) {
  const feat = getFeat(ps);
  const cmn = feat ? koffi.decode(feat, FEAT_CMN, 'void *') : null;
  const cepsize = feat ? koffi.decode(feat, FEAT_CEPSIZE, 'int32_t') : 0;
  const veclen = cmn ? koffi.decode(cmn, CMN_VECLEN, 'int32_t') : 0;
  const nframe = cmn ? koffi.decode(cmn, CMN_NFRAME, 'int32_t') : -1;
  if (!cmn || cepsize < 1 || cepsize > 64 || veclen !== cepsize || nframe !== 0)
    throw new Error('the cepstral mean normalisation is not where this program looks for it (another sphinxbase build?)');
  const mean = koffi.decode(cmn, CMN_MEAN, 'void *');
  const sum = koffi.decode(cmn, CMN_SUM, 'void *');
  const state = { cmn, mean, sum, veclen, meanValues: koffi.decode(mean, 'float', veclen), sumValues: koffi.decode(sum, 'float', veclen) };
  // The model's own -cmninit is what a decoder loads with: the check that this is the mean, and that nothing has been summed.
  const params = require('fs').readFileSync(args[args.indexOf('-hmm') + 1] + '/feat.params', 'utf8');
  const cmninit = (/^-cmninit\\s+(\\S+)/m.exec(params) || [])[1];
  const expected = cmninit ? cmninit.split(',').map(Number) : [];
  const holds = expected.length === veclen && expected.every((value, i) => Math.abs(value - state.meanValues[i]) < 1e-3);
  if (!holds || state.sumValues.some((value) => value !== 0))
    throw new Error('the cepstral mean normalisation does not hold the model -cmninit (another sphinxbase build?)');
  return state;
}

function loadDecoder(args) {
  const parsed = parseArgs(null, psArgs(), args.length, args, 1);
  const ps = parsed ? psInit(parsed) : null;
  if (!ps) throw new Error('the decoder cannot load its model (' + args.join(' ') + ')');
  return { ps, fresh: freshNormalisation(ps, args) };
}

/** As a process that has just loaded the model: the loaded normalisation, a new stream, an utterance begun. */
function startFresh(decoder) {
  const fresh = decoder.fresh;
  koffi.encode(fresh.mean, 'float', fresh.meanValues, fresh.veclen);
  koffi.encode(fresh.sum, 'float', fresh.sumValues, fresh.veclen);
  koffi.encode(fresh.cmn, CMN_NFRAME, 'int32_t', 0);
  if (startStream(decoder.ps) < 0 || startUtt(decoder.ps) < 0) throw new Error('ps_start_utt failed');
}
`;

export const POCKETSPHINX_PROGRAM = `
'use strict';
const config = JSON.parse(process.argv[1]);
const koffi = require(config.koffi);
${DECODER_LIBRARY}

const idle = [];
const running = new Map();

function send(kind, id, text) {
  const payload = Buffer.from(text || '', 'utf8');
  const frame = Buffer.allocUnsafe(9 + payload.length);
  frame.writeUInt32BE(5 + payload.length, 0);
  frame.writeUInt8(kind, 4);
  frame.writeUInt32BE(id, 5);
  payload.copy(frame, 9);
  process.stdout.write(frame);
}

function hypothesis(decoder) {
  return getHyp(decoder.ps, [0]) || '';
}

/** The words so far: the stretches already ended, and the one being decoded. */
function heardSoFar(utterance) {
  const current = utterance.inSpeech ? hypothesis(utterance.decoder) : '';
  return [...utterance.stretches, current].filter((text) => text !== '').join(' ');
}

/** One block through the decoder; where speech has just ended, its stretch is done and a new one starts. */
function decodeBlock(utterance, samples) {
  const ps = utterance.decoder.ps;
  if (processRaw(ps, samples, samples.length, 0, 0) < 0) throw new Error('ps_process_raw failed');
  const inSpeech = getInSpeech(ps) !== 0;
  if (inSpeech) utterance.inSpeech = true;
  else if (utterance.inSpeech) endStretch(utterance);
}

/** The stretch being decoded is over: its text is kept, and a new one starts. */
function endStretch(utterance) {
  const ps = utterance.decoder.ps;
  endUtt(ps);
  const text = hypothesis(utterance.decoder);
  if (text) utterance.stretches.push(text);
  if (startUtt(ps) < 0) throw new Error('ps_start_utt failed');
  utterance.inSpeech = false;
}

/** The audio received so far, the last part-block included, through the decoder. */
function decodeRest(utterance) {
  if (utterance.filled === 0) return;
  decodeBlock(utterance, utterance.block.slice(0, utterance.filled));
  utterance.filled = 0;
}

function handle(kind, id, payload) {
  if (kind === ${FRAME.open}) {
    const decoder = idle.pop() || loadDecoder(config.args);
    running.set(id, { decoder, block: new Int16Array(BLOCK_SAMPLES), filled: 0, sinceHyp: 0, hyp: '', stretches: [], inSpeech: false });
    startFresh(decoder);
    return;
  }
  const utterance = running.get(id);
  if (!utterance) return;
  if (kind === ${FRAME.audio}) {
    const samples = new Int16Array(payload.length >> 1);
    new Uint8Array(samples.buffer).set(payload.subarray(0, samples.byteLength));
    for (let offset = 0; offset < samples.length; ) {
      const taken = Math.min(BLOCK_SAMPLES - utterance.filled, samples.length - offset);
      utterance.block.set(samples.subarray(offset, offset + taken), utterance.filled);
      utterance.filled += taken;
      offset += taken;
      if (utterance.filled < BLOCK_SAMPLES) break;
      decodeBlock(utterance, utterance.block);
      utterance.filled = 0;
    }
    utterance.sinceHyp += samples.length;
    if (utterance.sinceHyp >= config.partialEverySamples) {
      utterance.sinceHyp = 0;
      const hyp = heardSoFar(utterance);
      if (hyp !== utterance.hyp) {
        utterance.hyp = hyp;
        send(${FRAME.partial}, id, hyp);
      }
    }
    return;
  }
  if (kind === ${FRAME.checkpoint}) {
    decodeRest(utterance);
    if (utterance.inSpeech) endStretch(utterance);
    send(${FRAME.checkpointText}, id, utterance.stretches.join(' '));
    return;
  }
  // What is left of the last block (an error here is reported by the caller, which gives the decoder back).
  if (kind === ${FRAME.finish}) decodeRest(utterance);
  running.delete(id);
  endUtt(utterance.decoder.ps);
  if (utterance.inSpeech) {
    const text = hypothesis(utterance.decoder);
    if (text) utterance.stretches.push(text);
  }
  idle.push(utterance.decoder);
  if (kind === ${FRAME.finish}) send(${FRAME.text}, id, utterance.stretches.join(' '));
}

// One decoder loads at start, so the first utterance finds it ready; more load as utterances overlap, and stay.
try {
  idle.push(loadDecoder(config.args));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

let buffered = Buffer.alloc(0);
process.stdin.on('data', (chunk) => {
  buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
  while (buffered.length >= 4) {
    const size = buffered.readUInt32BE(0);
    if (buffered.length < 4 + size) break;
    const kind = buffered.readUInt8(4);
    const id = buffered.readUInt32BE(5);
    const payload = buffered.subarray(9, 4 + size);
    buffered = buffered.subarray(4 + size);
    try {
      handle(kind, id, payload);
    } catch (error) {
      const utterance = running.get(id);
      running.delete(id);
      if (utterance) {
        endUtt(utterance.decoder.ps);
        idle.push(utterance.decoder);
      }
      send(${FRAME.error}, id, error instanceof Error ? error.message : String(error));
    }
  }
});
process.stdin.on('end', () => process.exit(0));
`;

/**
 * Loads koffi, both libraries and every function the program calls, and checks on a feature
 * stream of its own (no model: it costs milliseconds) that the normalisation state is where
 * the program looks for it; prints nothing when all is well. argv: the koffi module.
 */
export const POCKETSPHINX_PROBE = `
'use strict';
const koffi = require(process.argv[1]);
${DECODER_LIBRARY}
const featInit = sphinxbase.func('void *feat_init(const char *type, int cmn, int varnorm, int agc, int breport, int cepsize)');
const cmnLiveSet = sphinxbase.func('void cmn_live_set(void *cmn, const float *vec)');
const feat = featInit('1s_c_d_dd', 2, 0, 0, 0, 13);
const cmn = feat && koffi.decode(feat, FEAT_CMN, 'void *');
if (!cmn || koffi.decode(feat, FEAT_CEPSIZE, 'int32_t') !== 13 || koffi.decode(cmn, CMN_VECLEN, 'int32_t') !== 13)
  throw new Error('sphinxbase keeps its feature stream in another layout');
const vec = Array.from({ length: 13 }, (_, i) => i + 1);
cmnLiveSet(cmn, vec);
const mean = koffi.decode(koffi.decode(cmn, CMN_MEAN, 'void *'), 'float', 13);
const sum = koffi.decode(koffi.decode(cmn, CMN_SUM, 'void *'), 'float', 13);
if (mean.some((v, i) => v !== vec[i]) || sum.some((v, i) => v !== vec[i] * 500) || koffi.decode(cmn, CMN_NFRAME, 'int32_t') !== 500)
  throw new Error('sphinxbase keeps its cepstral mean normalisation in another layout');
`;
