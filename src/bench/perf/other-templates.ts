/** Instructions (keyed rules), events (dated, accumulating) and tasks (open work). */
import type { Draft, Template } from './draft.js';
import { dayOf, person, prettyDate, project, spaced, version } from './entities.js';
import * as V from './vocabulary.js';

const instruction = (content: string, topicKey: string, queries: string[], tags: string[], spoken: string): Draft =>
  ({ type: 'instruction', content, topicKey, queries, eventDay: null, tags, spoken });
const event = (content: string, eventDay: string, queries: string[], tags: string[], spoken: string): Draft =>
  ({ type: 'event', content, topicKey: null, queries, eventDay, tags, spoken });
const task = (content: string, queries: string[], tags: string[], spoken: string): Draft =>
  ({ type: 'task', content, topicKey: null, queries, eventDay: null, tags, spoken });

export const INSTRUCTION_TEMPLATES: Template[] = [
  (r) => {
    const p = project(r), tool = r.pick(V.TOOLS);
    return instruction(`Always run ${tool} before deploying ${p.name}.`, `project.${p.slug}.predeploy`,
      [`What should run before deploying ${p.name}?`, `Which check is required before a ${p.name} deploy?`, `How do I deploy ${p.name}?`],
      ['deploy', 'rule'], `Always run ${tool} before you deploy ${p.name}.`);
  },
  (r) => {
    const p = project(r), branch = r.pick(V.BRANCHES);
    return instruction(`Never push directly to the ${branch} branch of ${p.name}; open a pull request.`, `project.${p.slug}.branching`,
      [`Can I push to ${branch} in ${p.name}?`, `What is the branching rule for ${p.name}?`, `How do changes get into ${p.name}?`],
      ['git', 'rule'], `Please never push straight to ${branch} on ${p.name}.`);
  },
  (r) => {
    const p = project(r), pm = r.pick(V.PACKAGE_MANAGERS);
    return instruction(`Use ${pm} for dependencies in the ${p.name} repository.`, `project.${p.slug}.package_manager`,
      [`Which package manager does ${p.name} use?`, `How do I install dependencies for ${p.name}?`, `Should I use ${pm} in ${p.name}?`],
      ['tools', 'rule'], `In ${p.name} we use ${pm}, not anything else.`);
  },
  (r) => {
    const a = person(r), format = spaced(r.pick(V.FORMATS)), day = r.pick(V.WEEKDAYS);
    return instruction(`Send ${a.name} the weekly report as ${format} by ${day}.`, `person.${a.slug}.report_format`,
      [`How does ${a.name} want the weekly report?`, `When is the report for ${a.name} due?`, `What format does ${a.name} prefer?`],
      ['reports', 'preference'], `${a.name} wants the weekly report as ${format}, by ${day}.`);
  },
];

export const EVENT_TEMPLATES: Template[] = [
  (r, day) => {
    const a = person(r), p = project(r), v = version(r), env = r.pick(V.ENVIRONMENTS), d = dayOf(day - r.int(3));
    return event(`${a.name} deployed ${p.name} v${v} to ${env} on ${prettyDate(d)}.`, d,
      [`When was ${p.name} v${v} deployed?`, `Who deployed ${p.name} to ${env}?`, `What version of ${p.name} is in ${env}?`],
      ['deploy'], `${a.name} shipped ${p.name} v${v} to ${env} today.`);
  },
  (r, day) => {
    const a = person(r), b = person(r), city = r.pick(V.CITIES), topic = r.pick(V.TOPICS), d = dayOf(day - r.int(5));
    return event(`${a.name} and ${b.name} met in ${city} on ${prettyDate(d)} to discuss ${topic}.`, d,
      [`When did ${a.name} meet ${b.name}?`, `Where did ${a.name} and ${b.name} meet?`, `Who discussed ${topic} in ${city}?`],
      ['meeting'], `I met ${b.name} and ${a.name} in ${city} to talk about ${topic}.`);
  },
  (r, day) => {
    const p = project(r), cause = spaced(r.pick(V.CAUSES)), d = dayOf(day - r.int(2)), mins = 5 + r.int(180);
    return event(`${p.name} had a ${mins}-minute outage on ${prettyDate(d)} caused by ${cause}.`, d,
      [`When did ${p.name} go down?`, `What caused the ${p.name} outage?`, `How long was the ${p.name} outage?`],
      ['incident'], `${p.name} was down for ${mins} minutes because of ${cause}.`);
  },
  (r, day) => {
    const a = person(r), conf = r.pick(V.CONFERENCES), topic = r.pick(V.TOPICS), city = r.pick(V.CITIES), d = dayOf(day + r.int(30));
    return event(`${a.name} gives a talk about ${topic} at ${conf} in ${city} on ${prettyDate(d)}.`, d,
      [`When is ${a.name}'s talk at ${conf}?`, `What is ${a.name} speaking about?`, `Where is ${conf} this year?`],
      ['conference'], `${a.name} is speaking at ${conf} in ${city} about ${topic}.`);
  },
  (r, day) => {
    const p = project(r), from = r.pick(V.DATABASES), to = r.pick(V.DATABASES), d = dayOf(day - r.int(10));
    return event(`The ${p.name} migration from ${from} to ${to} finished on ${prettyDate(d)}.`, d,
      [`When did ${p.name} migrate to ${to}?`, `Did the ${p.name} migration finish?`, `What did ${p.name} migrate from?`],
      ['migration'], `We finished moving ${p.name} from ${from} to ${to}.`);
  },
];

export const TASK_TEMPLATES: Template[] = [
  (r) => {
    const a = person(r), p = project(r), pr = 100 + r.int(9000);
    return task(`Waiting on ${a.name} to review PR #${pr} for ${p.name}.`,
      [`Who is reviewing PR #${pr}?`, `What is blocking ${p.name}?`, `Which PRs are waiting for review?`],
      ['review'], `I'm waiting on ${a.name} to review PR #${pr} for ${p.name}.`);
  },
  (r, day) => {
    const p = project(r), tool = r.pick(V.TOOLS), d = dayOf(day + 7 + r.int(60));
    return task(`Renew the ${tool} license for ${p.name} before ${prettyDate(d)}.`,
      [`When does the ${tool} license expire?`, `What needs renewing for ${p.name}?`, `Which licenses are due?`],
      ['license'], `Remind me to renew the ${tool} license for ${p.name} before ${prettyDate(d)}.`);
  },
  (r) => {
    const p = project(r), t = r.pick(V.TESTS);
    return task(`Fix the flaky ${t} test in ${p.name}.`,
      [`Which tests are flaky in ${p.name}?`, `What is broken in ${p.name}?`, `Is the ${t} test fixed?`],
      ['testing'], `I need to fix the flaky ${t} test in ${p.name}.`);
  },
];
