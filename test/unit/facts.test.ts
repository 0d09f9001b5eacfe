/**
 * The shared fact extraction (src/core/facts): planted decisions with reasons, TODOs with conditions and
 * deadlines, rules, identifiers (routes with their method), tool findings and the artifact trail, in English,
 * Chinese and Japanese; rendering by priority within a token budget. Expected strings are written by hand.
 */
import assert from 'node:assert/strict';
import { extractFacts, factChecks, renderFacts } from '../../src/core/facts';
import { extractRichIdentifiers } from '../../src/core/facts/identifiers';
import { cjkSession, englishSession, type PlantedSession } from './factsFixtures';

const norm = (s: string) => s.normalize('NFKC').replace(/[*_`]+/g, '').replace(/\s+/g, ' ').toLowerCase();

function missing(session: PlantedSession, text: string): string[] {
  const t = norm(text);
  return session.facts.filter((f) => !f.strings.every((s) => t.includes(norm(s)))).map((f) => `${f.category}: ${f.strings.join(' | ')}`);
}

describe('facts: extraction', () => {
  for (const make of [englishSession, cjkSession]) {
    it(`finds every planted fact of the ${make().name} session`, () => {
      const s = make();
      const facts = extractFacts(s.messages);
      const all = JSON.stringify(factChecks(facts));
      assert.deepEqual(missing(s, all), []);
    });
  }
});
