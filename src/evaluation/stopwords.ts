// Words that carry no subject matter: function words of the nine languages and
// the rubric's own vocabulary ("describes", "explains", "candidate"), which
// appears in criteria but not in answers. Stored normalised (see text.ts).

import { normaliseText } from './text.js';

const RAW = [
  // English
  'the a an and or but if then than that this these those there their they them he she it its we our you your is are was were be been being am',
  'do does did done have has had having to of in on at by for with from into about as so such not no yes can could would should will may might must',
  'what which who whom whose when where why how all any each both few more most other some own same very just also only too well like get got',
  'i me my mine myself one ones us use used using e.g etc',
  // rubric vocabulary
  'candidate describes describe described explains explain explained mentions mention mentioned demonstrates demonstrate shows show',
  'understanding understands knowledge knows ability able discusses discuss discussed identifies identify names name gives give provides provide',
  'clear clearly good strong appropriate relevant concrete specific example examples way ways approach',
  // German
  'der die das den dem des ein eine einen einem einer eines und oder aber wenn dann als dass ist sind war waren sein bin bist hat haben hatte',
  'zu von in im an am auf mit für bei aus nach über unter wie was wer wo warum auch nur noch schon sehr so nicht kein keine ja nein es er sie wir ihr',
  'ich mich mir mein meine man sich zum zur beim vom werden wird wurde würde kann können könnte muss müssen soll sollte dabei damit dazu',
  'beschreibt erklärt nennt zeigt kandidat kandidatin verständnis',
  // French
  'le la les un une des du de et ou mais si que qui quoi est sont était être avoir ai as a ont avait je tu il elle nous vous ils elles ce cette ces',
  'dans sur avec pour par pas ne plus en au aux son sa ses leur leurs mon ma mes très aussi comme',
  // Spanish
  'el la los las un una unos unas y o pero si que qué es son era ser estar tengo tiene tienen de del en con por para no al lo le les mi mis su sus',
  'muy también como yo tu él ella nosotros ellos este esta estos estas ese esa',
  // Danish / Swedish
  'og eller men hvis at er var være har havde jeg du han hun vi de det den en et til af i på med for om som ikke ja nej',
  'och eller men om att är var vara har hade jag du han hon vi de det den en ett till av i på med för som inte ja nej',
  // Hindi (Devanagari and romanised) and Arabic function words
  'है हैं था थी थे का की के को में से पर और या मैं मेरा मेरे हम आप यह वह ka ki ke ko me mein se par aur ya hai hain tha',
  'في من على إلى الى عن مع أن ان هذا هذه ذلك التي الذي و أو او لا نعم هو هي انا أنا',
].join(' ');

export const STOPWORDS: ReadonlySet<string> = new Set(normaliseText(RAW).split(/\s+/).filter(Boolean));
