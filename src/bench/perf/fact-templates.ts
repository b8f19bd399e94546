/** Keyed facts about people and projects ("what is true now"); topic keys repeat, so some supersede. */
import type { Template } from './draft.js';
import { money, person, project, spaced } from './entities.js';
import * as V from './vocabulary.js';

const fact = (content: string, topicKey: string, queries: string[], tags: string[], spoken: string) =>
  ({ type: 'fact' as const, content, topicKey, queries, eventDay: null, tags, spoken });

export const FACT_TEMPLATES: Template[] = [
  (r) => {
    const p = project(r), db = r.pick(V.DATABASES);
    return fact(`${p.name} uses ${db} as its primary database.`, `project.${p.slug}.database`,
      [`What database does ${p.name} use?`, `Which database is ${p.name} on?`, `Where does ${p.name} store its data?`],
      ['database'], `${p.name} runs on ${db} now.`);
  },
  (r) => {
    const p = project(r), lang = r.pick(V.LANGUAGES), fw = r.pick(V.FRAMEWORKS);
    return fact(`${p.name} is written in ${lang} with ${fw}.`, `project.${p.slug}.stack`,
      [`What language is ${p.name} written in?`, `Which framework does ${p.name} use?`, `What is the stack of ${p.name}?`],
      ['stack'], `We write ${p.name} in ${lang}, on top of ${fw}.`);
  },
  (r) => {
    const p = project(r), cloud = r.pick(V.CLOUDS), region = r.pick(V.REGIONS);
    return fact(`${p.name} is deployed to ${cloud} in the ${region} region.`, `project.${p.slug}.hosting`,
      [`Where is ${p.name} deployed?`, `Which cloud hosts ${p.name}?`, `What region does ${p.name} run in?`],
      ['deploy'], `${p.name} is hosted on ${cloud}, region ${region}.`);
  },
  (r) => {
    const p = project(r), ci = spaced(r.pick(V.CI_SYSTEMS));
    return fact(`The CI for ${p.name} runs on ${ci}.`, `project.${p.slug}.ci`,
      [`What CI does ${p.name} use?`, `Where do the ${p.name} builds run?`, `Which CI system builds ${p.name}?`],
      ['ci'], `Our ${p.name} builds run on ${ci}.`);
  },
  (r) => {
    const a = person(r), p = project(r), role = r.pick(V.ROLES), team = r.pick(V.TEAMS);
    return fact(`${a.name} is a ${role} on the ${team} team working on ${p.name}.`, `person.${a.slug}.${p.slug}.role`,
      [`What does ${a.name} do on ${p.name}?`, `Which team is ${a.name} on?`, `Who works on ${p.name} ${team}?`],
      ['people'], `${a.name} joined ${p.name} as a ${role} on the ${team} team.`);
  },
  (r) => {
    const a = person(r), city = r.pick(V.CITIES);
    return fact(`${a.name} lives in ${city}.`, `person.${a.slug}.city`,
      [`Where does ${a.name} live?`, `Which city is ${a.name} based in?`, `What city does ${a.name} live in?`],
      ['people', 'location'], `${a.name} moved to ${city}.`);
  },
  (r) => {
    const a = person(r), food = r.pick(V.FOODS), hobby = r.pick(V.HOBBIES);
    return fact(`${a.name}'s favorite food is ${food} and their hobby is ${hobby}.`, `person.${a.slug}.favorites`,
      [`What is ${a.name}'s favorite food?`, `What hobby does ${a.name} have?`, `What does ${a.name} like to eat?`],
      ['people', 'personal'], `${a.name} loves ${food} and spends weekends on ${hobby}.`);
  },
  (r) => {
    const a = person(r), editor = r.pick(V.EDITORS), theme = r.pick(V.THEMES);
    return fact(`${a.name} uses ${editor} with the ${theme} theme.`, `person.${a.slug}.editor`,
      [`Which editor does ${a.name} use?`, `What theme does ${a.name} prefer?`, `What is ${a.name}'s editor setup?`],
      ['people', 'tools'], `${a.name} codes in ${editor} with a ${theme} theme.`);
  },
  (r) => {
    const a = person(r), b = person(r);
    return fact(`${a.name} reports to ${b.name}.`, `person.${a.slug}.manager`,
      [`Who is ${a.name}'s manager?`, `Who does ${a.name} report to?`, `Who manages ${a.name}?`],
      ['people', 'org'], `${a.name}'s manager is ${b.name}.`);
  },
  (r) => {
    const p = project(r), day = r.pick(V.WEEKDAYS), hour = 9 + r.int(8);
    return fact(`The ${p.name} team meets every ${day} at ${hour}:00.`, `project.${p.slug}.meeting`,
      [`When does the ${p.name} team meet?`, `What day is the ${p.name} standup?`, `What time is the ${p.name} meeting?`],
      ['meetings'], `${p.name} sync is on ${day}s at ${hour}.`);
  },
  (r) => {
    const p = project(r), q = 1 + r.int(4), amount = (5 + r.int(200)) * 1000;
    return fact(`The Q${q} budget for ${p.name} is $${money(amount)}.`, `project.${p.slug}.budget_q${q}`,
      [`What is the Q${q} budget for ${p.name}?`, `How much money does ${p.name} have in Q${q}?`, `What is ${p.name}'s budget?`],
      ['budget'], `We got $${money(amount)} for ${p.name} in Q${q}.`);
  },
];
