import { categoryOf, deriveTopicKey, slug, topicKeyFor } from '../topic-key.js';
import { isStopword } from '../../text/stopwords.js';
import { words } from '../../text/tokenize.js';

/**
 * Topic keys for the shapes a user uses when telling an agent about a project, tried before the
 * general first-person derivation (`deriveTopicKey`): a rule keys on its verb and object, a
 * project statement on its subject ("the staging server lives at …" → project.staging_server),
 * a tool on the attribute it fills ("we're on Yarn" → project.package_manager).
 */

/** Languages and services whose mention names the attribute they fill, beyond `categoryOf`'s tools. */
const MORE_CATEGORIES: Record<string, string> = {
  typescript: 'language', javascript: 'language', python: 'language', golang: 'language', rust: 'language',
  java: 'language', kotlin: 'language', ruby: 'language', elixir: 'language', php: 'language', swift: 'language',
};

function category(text: string): string | null {
  for (const w of words(text)) if (MORE_CATEGORIES[w]) return MORE_CATEGORIES[w]!;
  return categoryOf(text);
}

function contentWords(text: string, max: number): string[] {
  return words(text.replace(/'s\b/g, '')).filter((w) => !isStopword(w) && !/^\d/.test(w)).slice(0, max);
}

// Words that open a rule before its verb: "always", "please make sure to", "whenever you touch the schema,".
const RULE_LEAD =
  /^(?:(?:please|always|never|don't|do not|make sure(?: to| that| you)?|be sure to|remember to|from now on|going forward|in the future|i want you to|i'd like you to|i would like you to|you should(?: always| never)?|whenever [^,]+|when(?:ever)? you [^,]+)\s*,?\s+)+/i;
const PROJECT_NOUNS = /^(?:project|app|application|codebase|repo|repository)$/;
const SUBJECT_VERB = /^(?:the|our)\s+((?:[\w-]+(?:'s)?\s+){0,2}?[\w-]+)\s+(?:is|are|uses|runs|has|lives|sits|was)\b\s*(.*)$/i;
const FOR_ATTRIBUTE = /\b(?:for|as)\s+(?:its|their|the|our)\s+([\w -]+)/i;
const TOOL_VERB = /^(I|we)(?:'re| are|'m| am)?\s+(?:(?:hosted|running|deployed|built)\s+on|on)\s+(.+)/i;
const ACTIVITY_WITH = /^(I|we)\s+(deploy|host|build|test|ship|release|lint|format|bundle|monitor|log|package|install)\s+(?:with|using|on|via|through)\b/i;
const ROLE = /^I(?:'m| am) (?:a|an) (?:[\w-]+\s+){0,3}?[\w-]*(?:er|or|ist|ian|ant|ent|ect|ive)\b/i;
const LOCATION = /^I(?:'m| am)? ?(?:live|based|reside|located)\s+(?:in|near|at|out of)\b/i;

// Verbs that pick a tool or language, so the rule keys on what it picks ("use pnpm" → package_manager).
const CHOICE = /^(?:use|prefer|pick|choose|stick|switch|default|install|write|go)$/i;

function ruleKey(text: string, subject: string): string | null {
  const tool = categoryOf(text);
  if (tool) return topicKeyFor(subject, tool);
  const rest = text.replace(RULE_LEAD, '');
  const m = /^(\w+)\s+(.*)$/.exec(rest);
  if (!m) return null;
  const picked = CHOICE.test(m[1]!) ? category(m[2]!) : null;
  if (picked) return topicKeyFor(subject, picked);
  const object = contentWords(m[2]!, 1);
  return object.length ? topicKeyFor(subject, `rule.${slug(m[1]!)}_${object[0]}`) : null;
}

function projectKey(text: string): string | null {
  const m = SUBJECT_VERB.exec(text);
  if (!m) return null;
  const subject = contentWords(m[1]!, 3);
  if (subject.length === 0) return null;
  const cat = category(m[2]!);
  if (cat) return topicKeyFor('project', cat);
  if (PROJECT_NOUNS.test(subject.at(-1)!)) {
    const attr = FOR_ATTRIBUTE.exec(m[2]!);
    const words = attr ? contentWords(attr[1]!, 3) : [];
    return words.length ? topicKeyFor('project', words.join('_')) : null;
  }
  return topicKeyFor('project', subject.join('_'));
}

function personalKey(text: string, speaker: string): string | null {
  const group = (pronoun: string) => (/^we$/i.test(pronoun) && (speaker === 'User' || speaker === 'Assistant') ? 'project' : speaker);
  let m = TOOL_VERB.exec(text);
  if (m && category(m[2]!)) return topicKeyFor(group(m[1]!), category(m[2]!)!);
  m = ACTIVITY_WITH.exec(text);
  if (m) return topicKeyFor(group(m[1]!), m[2]!.toLowerCase());
  if (ROLE.test(text)) return topicKeyFor(speaker, 'role');
  if (LOCATION.test(text)) return topicKeyFor(speaker, 'location');
  return null;
}

/** Topic key of a fact or instruction said by `speaker`, or null when it names no clear attribute. */
export function ruleTopicKey(text: string, speaker: string, type: 'fact' | 'instruction'): string | null {
  const s = text.replace(/’/g, "'");
  if (type === 'instruction') return ruleKey(s, speaker) ?? deriveTopicKey(s, speaker, 'instruction');
  const own = personalKey(s, speaker) ?? projectKey(s);
  if (own) return own;
  // "My daughter's name is …" keys as daughter_name; a known tool names the attribute it fills.
  const derived = deriveTopicKey(s.replace(/(\w)'s\b/g, '$1'), speaker, 'fact');
  if (!derived) return null;
  const value = /\b(?:is|are)\s+(.*)$/i.exec(s)?.[1];
  const cat = value && /^(?:my|our)\b/i.test(s) ? category(value) : null;
  return cat ? `${derived.split('.')[0]}.${cat}` : derived;
}
