/** The sentence patterns of the rule extractor, in one place so they can be read and tuned together. */

/** Leading interjections and fillers stripped before a sentence is judged. */
export const LEAD_IN =
  /^(?:(?:oh|wow|yeah|yes|yep|yup|no|nope|ha(?:ha)+|lol|well|so|and|but|also|plus|honestly|actually|btw|anyway|hey|hi|hello|thanks|thank you|omg|aw+|ah+|um+|uh+|hmm+|okay|ok|sure|great|cool|nice|awesome|totally|absolutely|definitely|right|true|exactly|oh man|man|dude|gosh|yay|hehe|by the way)\b[,!.]*\s+)+/i;

/** Note labels a user puts before a statement ("fyi", "heads up:", "rule of thumb:"). */
export const NOTE_LABEL = /^(?:fyi|heads[- ]up|note|psa|reminder|important|update|quick note|context)\s*[:,!-]?\s+/i;

export const QUESTION_START =
  /^(?:what|how|why|where|when|who|whom|which|can|could|would|will|do|does|did|are|is|have|has|should|shall|may|any)\b/i;

/** Reactions, hedges and feelings: conversational glue, not durable statements. */
export const CHIT_CHAT = new RegExp(
  [
    "^I(?:'m| am| was| feel| felt)\\s+(?:so |really |very |super |just |also |too |pretty |totally |truly |kinda |a bit |always )*(?:happy|glad|sorry|excited|thrilled|proud|thankful|grateful|sure|not sure|okay|ok|fine|good|great|well|lucky|blessed|stoked|psyched|honored|touched|amazed|impressed|curious|jealous|bummed|sad|scared|nervous|worried|relieved|tired|exhausted|busy|swamped|here|in awe|speechless|inspired|moved|overwhelmed|looking forward|glad|down|keen|all about|loving|digging|feeling|doing)\\b",
    "^I(?:'ve| have)? ?(?:think|guess|hope|bet|know|understand|agree|see|mean|wish|appreciate|imagine|believe you|get it|remember when|can imagine|can't imagine|can tell|can see|couldn't agree|totally get|feel you|hear you|can relate|admire|was wondering|wonder|totally agree|appreciate)\\b",
    "^I (?:really |totally |absolutely |just )?(?:love|like|adore|enjoy) (?:that|it|this|these|those|them|how|your|you|seeing|hearing|the (?:photo|pic|picture|idea|sound|vibe))\\b",
    "^I(?:'d| would) (?:love|like|be happy|be glad|recommend|suggest|say)\\b",
    "^I(?:'ll| will) (?:keep|let you|try|check|definitely|be there|do my best|think|remember|send|share|make sure)\\b",
    "^I can't wait\\b",
    "^(?:I|we)(?: all| both)? (?:can|could|couldn't|can't|should|must|might|may|will|'ll|gotta|need to remember)\\b",
    "^I(?:'m| am) off\\b|^I (?:\\d+% |totally |completely |fully )?agree\\b",
    "^I(?:'m| am) (?:here for|sure|not sure|always here|rooting|happy|glad|so)\\b",
    "^(?:that|this|it|those|these|there|here)(?:'s| is| was| sounds| looks| seems)\\b",
    "\\b(?:let me know|keep it up|take care|good luck|congrat|no worries|talk soon|catch up|you got this|sounds (?:great|good|fun|amazing))\\b",
  ].join('|'),
  'i',
);

/** Statements addressed to or about the listener in a dialogue between people. */
export const ABOUT_LISTENER = /^(?:you|your)\b|\byou(?:'re| are| were|'ve| have| did| should| can| could| must|'ll| will)\b/i;

export const INSTRUCTION = new RegExp(
  [
    "^(?:please\\s+)?(?:always|never|don't|do not|make sure(?: to| that| you)?|be sure to|remember to|avoid|from now on|going forward|in the future|whenever)\\b",
    '^please\\s+(?:use|write|keep|add|include|respond|reply|answer|format|call|put|make|provide|check|run|follow|stop|prefer|give|show|explain|refer|ask)\\b',
    "\\bI (?:prefer|want|would like|'d like|need|expect) (?:you|that you|responses|answers|replies|the assistant)\\b",
    '\\byou (?:should|must|need to) (?:always|never)\\b|\\bfrom now on\\b',
    '^(?:use|write|keep|respond|reply|answer|format|call|include|add|run|follow|prefer)\\s+.*\\b(?:always|instead|only|whenever|every time|by default)\\b',
  ].join('|'),
  'i',
);

export const TASK = new RegExp(
  [
    '\\b(?:TODO|to-do)\\b|\\bremind (?:me|us) to\\b',
    '\\bwaiting (?:on|for) .*\\b(?:review|approval|response|reply|feedback|PR|merge|answer|confirmation|results?|sign-?off|decision|go-ahead|build|CI|QA|deploy)\\b',
    "^(?:I (?:still )?(?:need|have|'ve got|got)|we (?:still )?(?:need|have|'ve got)) to\\b(?! (?:say|admit|be honest|tell you|know|ask|thank|help))",
    "^(?:I|we)(?:'ll| will|'m going to| am going to|'re going to| are going to|'m gonna) .+\\bby (?:tomorrow|tonight|(?:next |this )?(?:mon|tues|wednes|thurs|fri|satur|sun)day|the end of|end of|eod|eow|next week|\\d)",
    '\\b(?:deadline|due (?:on|by|date|tomorrow|today|tonight|(?:next |this )?(?:mon|tues|wednes|thurs|fri|satur|sun)day))\\b',
  ].join('|'),
  'i',
);

/** Open work stated without a subject or about a thing: "blocked on the design review", "PR #482 is waiting for approval". */
export const OPEN_WORK = new RegExp(
  [
    '^(?:still\\s+)?(?:waiting|blocked|stuck)\\s+(?:on|for|by)\\b',
    '\\b(?:is|are)\\s+(?:still\\s+)?(?:waiting|blocked|pending)\\s+(?:on|for|by)\\b',
    // Work in progress right now; "I'm working on my portfolio site" alone is an ongoing project, a fact.
    "^(?:I|we)(?:'m|'re| am| are)\\s+(?:still\\s+)?(?:working on|in the middle of|halfway through)\\b.*\\b(?:this (?:sprint|week|morning|afternoon|evening)|today|tonight|right now|at the moment)\\b",
    '^(?:next up|up next|on (?:my|our) plate(?: \\w+)?|to ?do(?: today| next)?|next steps?)\\s*:',
    '\\bwaiting (?:on|for) .*\\b(?:review|approval|response|reply|feedback|PR|merge|answer|confirmation|results?|sign-?off|decision|go-ahead|build|CI|QA|deploy)\\b',
    '\\b(?:is|are) due\\b(?! to\\b)|\\bdeadline (?:is|for)\\b',
  ].join('|'),
  'i',
);

/** A first-person (or own-group) subject at the start of the statement. */
export const FIRST_PERSON = /^(?:I|I'm|I've|I'd|I'll|we|we're|we've|my|our|me and|my \w+ and I)\b/i;

/** Project statements without a pronoun ("the app uses GraphQL"), accepted from users. */
export const PROJECT_STATEMENT =
  /^(?:the|our)\s+(?:[\w-]+(?:'s)?\s+){0,2}(?:project|app|application|team|repo|repository|codebase|database|db|server|api|backend|frontend|service|stack|deadline|budget|client|site|website|branch|pipeline|cluster|bucket|domain|environment)\b.*\b(?:is|are|uses|runs|has|will|was|needs|must|should|lives|sits)\b/i;

/** An imperative addressed to an agent, without "always"/"please" ("Use pnpm for installs, not npm"). */
export const IMPERATIVE =
  /^(?:use|run|write|keep|add|avoid|prefer|put|call|format|name|test|check|follow|squash|rebase|commit|cite|document|bump|update|ask|reply|respond|answer|include|limit|stick to|stop|skip|mark|tag|pin|lint|wrap|indent|sort|log|store|send|open|close|validate|sanitize|escape|quote|link|default to)\b/i;

export const PREFERENCE = /^I (?:really |also |absolutely |totally |generally |usually )?(?:prefer|like|love|enjoy|hate|dislike|adore|can't stand)\b|\b(?:my|our) favou?rite\b/i;
export const IDENTITY =
  /^I(?:'m| am) (?:a|an)\b|\bmy name is\b|^I work (?:as|at|for|in)\b|^I live\b|^I(?:'m| am) from\b|^I(?:'m| am) (?:\d+|married|single|divorced|pregnant|retired|vegan|vegetarian|allergic)\b/i;
export const RECENT = /\b(?:just|recently|finally|today|tonight|this (?:morning|afternoon|evening|week))\b/i;

/** Past statements that report a feeling or a conversation rather than something done. */
export const NON_EVENT_PAST =
  /^(?:I|we) (?:was|were|felt|thought|knew|meant|said|told|wanted|loved|liked|enjoyed|hoped|wished|forgot|figured|realized|noticed|heard|saw (?:your|that|it|this)|had (?:such|so|a great|a good|an amazing|a wonderful|a blast|fun|a lot of fun|no idea))\b/i;
