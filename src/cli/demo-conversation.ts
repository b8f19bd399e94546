/** The built-in sample conversation of `mnemo demo`: a short developer chat, no secrets, no network. */
import type { MessageInput } from '../schemas.js';

export const DEMO_SESSION = 'demo-2026-04-14';

const at = (time: string) => `2026-04-14T${time}:00Z`;

export const DEMO_MESSAGES: MessageInput[] = [
  { role: 'user', timestamp: at('09:02'), content: "Morning! I'm picking up the billing-api repo today. We use pnpm as our package manager now, we switched from npm last sprint." },
  { role: 'assistant', timestamp: at('09:02'), content: 'Got it, I will use pnpm. Anything else I should know about the setup?' },
  { role: 'user', timestamp: at('09:04'), content: 'The project uses PostgreSQL 16 for the main database and Redis for the job queue. Tests run with vitest.' },
  { role: 'assistant', timestamp: at('09:05'), content: 'Noted: PostgreSQL 16, Redis for jobs, vitest for tests.' },
  { role: 'user', timestamp: at('09:11'), content: 'One team rule. Always run the linter and the migrations check before you deploy to production.' },
  { role: 'assistant', timestamp: at('09:11'), content: 'Understood. I will run pnpm lint and the migrations check before every production deploy.' },
  { role: 'user', timestamp: at('09:20'), content: "We deployed v2.3 to production yesterday. We are waiting on Maya's review of the invoice export PR." },
  { role: 'assistant', timestamp: at('09:21'), content: "Thanks. I will wait for Maya's review before merging the invoice export work." },
  { role: 'user', timestamp: at('09:30'), content: 'I prefer small pull requests with a short summary at the top.' },
];

export const DEMO_QUESTIONS = ['Which package manager should I use?', 'What do I have to do before deploying to production?'];
