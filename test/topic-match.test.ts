import { expect, it } from 'vitest';
import { indexTopicKeys, matchTopicKeys } from '../src/recall/topic-match.js';

it('ranks topic keys by attribute words shared with the query, the subject only breaking ties', () => {
  const keys = ['ann.favorite_color', 'ann.home_city', 'bob.favorite_color', 'project.deploy_day', 'project.deployment_region'];
  expect(matchTopicKeys(['color'], keys, 5)).toEqual(['ann.favorite_color', 'bob.favorite_color']);
  expect(matchTopicKeys(['bob', 'colors'], keys, 5)).toEqual(['bob.favorite_color', 'ann.favorite_color']);
  expect(matchTopicKeys(['deploy'], keys, 1)).toEqual(['project.deploy_day']);
  expect(matchTopicKeys(['ann'], keys, 5)).toEqual([]);
});

it('returns the same best keys as a full sort when thousands of keys match', () => {
  const attrs = ['database', 'region', 'owner', 'deploy_day', 'queue', 'cache'];
  const keys = Array.from({ length: 6000 }, (_, i) => `svc${i % 97}.${attrs[i % attrs.length]}${i % 5 === 0 ? '_primary' : ''}_${i}`);
  for (const terms of [['database'], ['database', 'primary'], ['svc3', 'queue'], ['deploy', 'day', 'cache']]) {
    const got = matchTopicKeys(terms, keys, 5);
    expect(got).toHaveLength(5);
    const all = matchTopicKeys(terms, keys, keys.length);
    expect(got).toEqual(all.slice(0, 5));
  }
});

it('matches the same keys on the first call (one pass over the keys) as on later calls (the index)', () => {
  const words = ['favorite', 'color', 'colors', 'home', 'city', 'deploy', 'deployment', 'day', 'region', 'package', 'manager', 'es', 's', 'x1'];
  const keys: string[] = [];
  for (let i = 0; i < 3000; i++) {
    const pick = (n: number) => words[(i * 7 + n * 13 + (i >> n)) % words.length];
    keys.push(`${['ann', 'bob', 'project', 'color'][i % 4]}.${pick(1)}${i % 3 ? `_${pick(2)}` : ''}${i % 5 ? `.${pick(3)}` : ''}`);
  }
  for (const terms of [['color'], ['bob', 'colors'], ['deployment', 'region'], ['es'], ['home', 'city', 'ann'], ['nothing']]) {
    const fresh = [...keys];
    const first = matchTopicKeys(terms, fresh, 8);
    const indexed = matchTopicKeys(terms, fresh, 8);
    expect(first).toEqual(indexed);
  }
});

it('matches the same keys on a list indexed ahead (a warm-up) as on a list matched for the first time', () => {
  const keys = Array.from({ length: 2000 }, (_, i) => `${['ann', 'bob', 'svc'][i % 3]}.${['favorite_color', 'home_city', 'deploy_day', 'deployment_region'][i % 4]}_${i % 7}`);
  const warmed = [...keys];
  indexTopicKeys(warmed);
  for (const terms of [['color'], ['bob', 'colors'], ['deployment', 'region'], ['home', 'city', 'ann'], ['nothing']]) {
    expect(matchTopicKeys(terms, warmed, 8)).toEqual(matchTopicKeys(terms, [...keys], 8));
  }
});
