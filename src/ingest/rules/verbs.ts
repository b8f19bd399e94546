/** Tiny English verb morphology for rewriting "I love" → "Caroline loves" and questions "went" → "go". */

const IRREGULAR_PAST: Record<string, string> = {
  went: 'go', saw: 'see', made: 'make', took: 'take', got: 'get', had: 'have', did: 'do', came: 'come',
  gave: 'give', found: 'find', bought: 'buy', brought: 'bring', thought: 'think', told: 'tell', left: 'leave',
  met: 'meet', ran: 'run', began: 'begin', wrote: 'write', read: 'read', drove: 'drive', flew: 'fly',
  ate: 'eat', felt: 'feel', kept: 'keep', built: 'build', sent: 'send', spent: 'spend', taught: 'teach',
  caught: 'catch', won: 'win', lost: 'lose', sold: 'sell', became: 'become', drew: 'draw', sang: 'sing',
  swam: 'swim', rode: 'ride', held: 'hold', heard: 'hear', paid: 'pay', put: 'put', set: 'set', quit: 'quit',
  joined: 'join', fell: 'fall', grew: 'grow', knew: 'know', chose: 'choose', hit: 'hit', cut: 'cut',
  learned: 'learn', learnt: 'learn', adopted: 'adopt', threw: 'throw', wore: 'wear', stood: 'stand',
};

// Past forms whose base keeps a final "e": moved → move, liked → like, created → create.
const KEEPS_E = /(?:at|iz|is|ur|or|as|os|ag|ov|ik|ak|ok|uc|iv|id|ud|ot|ip|in|ar|yz|ys|ang|ng|rv|ns|rs)ed$/;

/** Base form of a past-tense verb, or null when `word` does not look like one. */
export function pastToBase(word: string): string | null {
  const w = word.toLowerCase();
  if (IRREGULAR_PAST[w]) return IRREGULAR_PAST[w]!;
  if (!isPastTense(w)) return null;
  if (/ied$/.test(w)) return w.slice(0, -3) + 'y';
  if (/([bdgmnprt])\1ed$/.test(w)) return w.slice(0, -3);
  if (/(?:ained|oined|eaned|ealed|ooked|ailed|ared|eared|ored|orted|ented|ended|ested|isted|ined|ished)$/.test(w) && !/(?:ored|ared|ined)$/.test(w)) return w.slice(0, -2);
  if (/(?:ated|ized|ised|aced|anced|uced|iced|aded|oded|uted|ited)$/.test(w) && !/(?:ited|aded)$/.test(w.slice(-5)) ) return w.slice(0, -1);
  if (KEEPS_E.test(w) && !/(?:[aeiou]{2}[a-z]ed|[^aeiou][^aeiou]ed)$/.test(w)) return w.slice(0, -1);
  return w.slice(0, -2);
}

export function isPastTense(word: string): boolean {
  const w = word.toLowerCase();
  return Boolean(IRREGULAR_PAST[w]) || (/[^e]ed$/.test(w) && w.length > 4 && !/^(?:need|feed|speed|bed|red|shed|seed)$/.test(w));
}

/** Third-person singular present: love → loves, go → goes, have → has, try → tries. */
export function thirdPerson(verb: string): string {
  const w = verb.toLowerCase();
  if (w === 'have') return 'has';
  if (w === 'be' || w === 'am') return 'is';
  if (w === 'do') return 'does';
  if (w === 'go') return 'goes';
  if (/(?:s|sh|ch|x|z|o)$/.test(w)) return verb + 'es';
  if (/[^aeiou]y$/.test(w)) return verb.slice(0, -1) + 'ies';
  return verb + 's';
}

/** Present-tense verbs that commonly follow "I"; only these are conjugated when rewriting. */
export const PRESENT_VERBS = new Set(
  `love like hate prefer enjoy use want need have work live study play go know think feel plan hope own run
  teach write read paint cook make take get keep volunteer attend visit believe try miss wish find spend do
  remember collect practice mentor care support agree dislike adore drive ride swim train listen watch mean
  build manage lead develop design code deploy test maintain handle volunteer host organize coach run`.split(/\s+/),
);
