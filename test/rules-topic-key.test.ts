import { describe, expect, it } from 'vitest';
import { deriveTopicKey, reuseTopicKey, topicKeyFor } from '../src/ingest/topic-key.js';

describe('topic keys', () => {
  it('normalizes subject and attribute', () => {
    expect(topicKeyFor('Caroline', 'Favorite Color')).toBe('caroline.favorite_color');
  });

  it('gives a restated attribute the same key', () => {
    expect(deriveTopicKey('my favorite color is blue', 'User')).toBe('user.favorite_color');
    expect(deriveTopicKey('My favorite color is green', 'User')).toBe('user.favorite_color');
    expect(deriveTopicKey('we use Postgres for the database', 'User')).toBe('project.database');
    expect(deriveTopicKey('we switched the database to MySQL', 'User')).toBe('project.database');
    expect(deriveTopicKey('I use pnpm', 'User')).toBe('user.package_manager');
    expect(deriveTopicKey("I'm using yarn now", 'User')).toBe('user.package_manager');
  });

  it('keeps different attributes and subjects apart', () => {
    expect(deriveTopicKey('my favorite food is pizza', 'User')).not.toBe(deriveTopicKey('my favorite color is blue', 'User'));
    expect(deriveTopicKey('my favorite color is blue', 'Caroline')).not.toBe(deriveTopicKey('my favorite color is blue', 'Melanie'));
  });

  it('gives no key to vague or evaluative statements', () => {
    expect(deriveTopicKey('my kids are so sweet', 'User')).toBeNull();
    expect(deriveTopicKey('I went hiking last week', 'User')).toBeNull();
    expect(deriveTopicKey('I love painting', 'User')).toBeNull();
  });

  it('keys instructions by rule verb and object', () => {
    const a = deriveTopicKey('always run lint before deploying', 'User', 'instruction');
    expect(a).toBe('user.rule.run_lint');
    expect(deriveTopicKey('never run lint before deploying', 'User', 'instruction')).toBe(a);
  });

  it('reuses an existing key up to plural endings', () => {
    expect(reuseTopicKey('user.favorite_colors', ['user.favorite_color'])).toBe('user.favorite_color');
    expect(reuseTopicKey('user.editor', ['user.favorite_color'])).toBe('user.editor');
  });
});
