// Cross-lingual concept groups and answer-structure cues for the job rubric.
// A group makes paraphrases meet ("mutex" ~ "lock", "Ersatz" ~ "replacement");
// a cue recognises the shape of an answer (a past situation, own actions, a
// result, ordered steps, trade-offs) that behavioural and situational
// criteria describe in rubric language ("Describes a specific situation").

/** Each line one concept; `|` separates members; members may be phrases. */
const GROUPS = `
memory|ram|speicher|heap|address space|adressraum|mémoire|memoria|hukommelse|minne
share|shared|sharing|common|gemeinsam|teilen|partager|compartir|dele|dela
separate|isolated|isolation|isolate|own|independent|getrennt|isoliert|einzeln|für sich allein|séparé|separado|isolado|allein
fast|faster|quick|quicker|cheap|cheaper|light|lighter|lightweight|efficient|schnell|schneller|leicht|rapide|rápido|hurtig|snabb
lock|locks|mutex|semaphore|synchronisation|synchronization|synchronise|synchronize|atomic|sperre|sperren|verrou|verrous|bloqueo|bloqueos|lås|låse|låsning|قفل|أقفال
race|race condition|data race|conflict|corrupt|inconsistent|wettlauf
test|tests|testing|prüfen|prüft|testen|testet|tester|probar|teste
component|components|module|unit|class|function|komponente|komponenten|modul|klasse|funktion|composant|componente
together|interplay|interaction|integration|zusammenspiel|zusammen|ensemble|juntos|sammen|tillsammans|combined|several|mehrere
error|errors|bug|bugs|fault|failure|fehler|erreur|fallo|fejl|fel
encrypt|encrypted|encryption|cipher|verschlüsseln|verschlüsselt|verschlüsselung|chiffrer|cifrar|krypter
certificate|certificates|cert|zertifikat|certificat|certificado
authority|authorities|trusted|signed|ca|zertifizierungsstelle
key|keys|session key|symmetric|schlüssel|clé|clave|diffie hellman
tamper|tampering|integrity|modified|manipulation|mac|message authentication|altered|integrität
handshake|negotiate|agree on|aushandeln
scope|scopes|variables|outer|lexical|umgebung
return|returned|finished|finishes|done|beendet
private|privacy|encapsulation|hidden|factory|factories|callback|callbacks|event handler|counter
rollback|roll back|rolled back|revert|undo|previous version|feature flag|switch off|turn off|disable|zurückrollen|zurücksetzen|mitigate|mitigation|stop the damage|stopping the damage
logs|log|monitoring|metrics|traces|tracing|dashboards|error rates|alerts|logdateien
root cause|cause|causes|what broke|investigate|debug|reproduce|find the bug|find out|figure out|ursache|analyse
post mortem|postmortem|retrospective|retro|prevent|recurrence|happen again|canary|missing test|vorbeugen
communicate|communicates|communicated|communication|tell|told|inform|informed|notify|update|updated|updates|talk|talked|speak|spoke|call|email|message|post|channel|status|ask|asked|melden|informieren|sprechen|ansprechen|sagen|reden|gespräch|unter vier augen
stakeholder|stakeholders|manager|managers|team|support|customer|customers|lead|boss|chef|product owner|product owners|vorgesetzten|vorgesetzter|führungskraft|teamleitung|colleague|kollege|kollegen
escalate|escalates|escalation|team lead|my lead|vorgesetzten|vorgesetzter|führungskraft|teamleitung|chef|eskaliere|eskaliert|eskalieren|melden
deadline|deadlines|due|date|frist|termin
priority|priorities|prioritise|prioritize|important|importance|urgent|impact|which one first|priorität|wichtig
plan|propose|proposed|suggest|suggested|order|schedule|vorschlagen|vorschlag
apologise|apologize|apologised|apology|sorry|entschuldigen|entschuldigung|désolé|perdón|lo siento|undskyld|förlåt
acknowledge|understand|frustrating|frustration|upset|empathy|verstehe|verständnis
listen|listened|listening|hear|heard|reasons|perspective|opinion|point of view|zuhören|zugehört
replacement|replace|new one|refund|money back|exchange|ersatz|erstattung|rückerstattung|remboursement|reembolso
follow up|follow|check back|later|make sure|nachfragen|nachhaken
risk|risks|danger|dangerous|gefahr|gefährlich|risiko|risiken|datenlecks|datenleck|audit|security|sicherheit
directly|personally|private|first|one on one|unter vier augen|zuerst|direkt|persönlich
inspect|check|look at|analyse|analyze|examine|review|see|prüfen
plan|query plan|execution plan|explain analyze|ausführungsplan
composite|multi column|compound|multiple columns|column order|leftmost|order matters
write|writes|inserts|insert|updates|slow down|slows down|storage|disk|space|write heavy
own|my part|i did|i was the only|my role|i built|i designed|i wrote|contribution
challenge|hard|hardest|difficult|problem|obstacle|schwierig|herausforderung
learn|learned|learnt|learning|lesson|lessons|since then|gelernt
`;

export interface ConceptGroup {
  id: string;
  members: string[];
}

export const CONCEPT_GROUPS: ConceptGroup[] = GROUPS.trim()
  .split('\n')
  .map((line, index) => ({
    id: `~c${index}`,
    members: line
      .split('|')
      .map((m) => m.trim())
      .filter(Boolean),
  }));

/** Cues for answer structure, per rubric; English and German are covered, other languages partly. */
export const CUES = {
  pastSituation:
    'last year|last month|in my last job|in my previous|at my previous|in my internship|during my internship|once|one time|there was|on one project|when i was|when i joined|years ago|months ago|in my first|at university|for a university|in university|letztes jahr|einmal|in meinem letzten|damals|als ich|in meinem praktikum|l année dernière|une fois|el año pasado|una vez'.split(
      '|',
    ),
  result:
    'in the end|by the end|at the end|as a result|result|results|outcome|finally|so we|which meant|afterwards|after launch|went out|worked|shipped|delivered|since then|learned|i learned|now i|uses it|dropped|increased|went up|went from|instead of|on time|am ende|schliesslich|ergebnis|seitdem|gelernt|au final|al final'.split(
      '|',
    ),
  lesson: 'learned|learnt|lesson|since then|now i|next time|from then on|i realised|i realized|gelernt|seitdem|depuis|desde entonces'.split(
    '|',
  ),
  ownership:
    'my responsibility|my fault|my mistake|i underestimated|i owned|on me|my estimate|i take responsibility|i was responsible|mein fehler|meine verantwortung'.split(
      '|',
    ),
  /** Pushing the responsibility elsewhere: a red flag in behavioural and situational answers. */
  deflection:
    "not my fault|not really my fault|wasn't my fault|was not my fault|their fault|company's fault|not my job|not my responsibility|not my problem|nicht meine aufgabe|nicht mein problem|nicht meine schuld|nicht mein job|pas ma faute|no es mi culpa".split(
      '|',
    ),
  steps:
    'first|then|after that|next|once|finally|at the same time|afterwards|meanwhile|if|zuerst|dann|danach|wenn|anschliessend|d abord|ensuite|primero|luego|despues'.split(
      '|',
    ),
  tradeOff:
    'trade off|tradeoff|instead of|rather than|downside|on the other hand|cheaper than|the cost|the risk|risk of|but that|abwägen|nachteil|statt|anstatt|wichtiger als|plutot que|en lugar de'.split(
      '|',
    ),
  example:
    'for example|for instance|e g|such as|like a|zum beispiel|z b|beispielsweise|par exemple|por ejemplo|til eksempel|till exempel'.split(
      '|',
    ),
  reasoning:
    "because|needed to|had to|in order to|musste|so that|which means|that's why|since|therefore|so you|so one|so any|weil|deshalb|daher|damit|denn|parce que|porque|fordi|eftersom".split(
      '|',
    ),
  doesNotKnow:
    "i don't know|i don't really know|i do not know|no idea|can't think of|cannot think of|i have not worked with|i haven't worked with|weiss ich leider nicht|weiss ich nicht|keine ahnung|je ne sais pas|no lo sé|no sé|ved ikke|vet inte|pata nahi|لا أعرف".split(
      '|',
    ),
  pastVerbsIrregular:
    'was|were|had|did|went|told|made|took|built|wrote|said|got|found|gave|knew|thought|saw|came|led|ran|set|put|kept|felt|brought|began|chose|spent|paid|sent|learnt|shipped|habe|hatte|war|wurde'.split(
      '|',
    ),
} as const;

/** Words in a criterion that call for a structural cue rather than a keyword. */
export const CUE_TRIGGERS: Record<
  'situation' | 'action' | 'result' | 'lesson' | 'ownership' | 'quantified' | 'steps' | 'reason',
  string[]
> = {
  situation: ['situation', 'specific', 'context', 'time', 'konkrete', 'situation'],
  action: ['action', 'actions', 'personally', 'took', 'steps', 'handled', 'handlungen', 'eigene', 'how'],
  result: ['outcome', 'result', 'results', 'impact', 'ergebnis'],
  lesson: ['learned', 'lessons', 'lesson', 'reflects', 'gelernt'],
  ownership: ['ownership', 'responsibility', 'mistake', 'verantwortung'],
  quantified: ['quantifies', 'quantify', 'measurable', 'metrics', 'numbers'],
  steps: ['plan', 'steps', 'proposes'],
  reason: ['why', 'warum', 'pourquoi', 'por'],
};
