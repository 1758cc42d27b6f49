import { describe, expect, it } from 'vitest';
import { bundledContentSource, content, loadContent } from './load';
import { ContentSchema, type TextItem } from './schema';
import { indexContent } from './content-index';
import { fleschReadingEase, SIMPLE_TEXT_MIN_READING_EASE } from '../text/readability';
import { PETAL_SHAPES } from '../model/instrument';

/** Every {text, simpleText} pair anywhere in the pack, with a path for the message. */
function textItems(value: unknown, path = 'content'): { path: string; item: TextItem }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => textItems(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const own = typeof record.text === 'string' && typeof record.simpleText === 'string' ? [{ path, item: record as TextItem }] : [];
    return [...own, ...Object.entries(record).flatMap(([k, v]) => textItems(v, `${path}.${k}`))];
  }
  return [];
}

describe('content pack', () => {
  it('passes the schema', () => {
    const result = ContentSchema.safeParse(bundledContentSource);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  it('has the instrument shape of DESIGN §2', () => {
    const index = indexContent(content);
    expect(index.wellsprings.map((w) => w.wellspring.wellspringName)).toEqual(
      PETAL_SHAPES.flatMap((p) => p.wellsprings.map((w) => w.wellspringName)),
    );
    expect(index.questionsByTrack.Rapid).toHaveLength(30);
    expect(index.questionsByTrack.Professional).toHaveLength(90);
    expect(index.questionIndex.size).toBe(120);
    expect(index.questionsByTrack.Rapid.filter((q) => q.module === 'Energy').map((q) => `${q.petal}:${q.energyLevel}`)).toEqual([
      'Activity:calm', 'Activity:aware', 'Activity:active', 'Excitement:calm', 'Excitement:aware', 'Excitement:active',
    ]);
  });

  it('rejects a pack with a duplicated question guid', () => {
    const broken = structuredClone(bundledContentSource) as { feelings: { petals: { wellsprings: { rapidItem: { questionGuid: string } }[] }[] } };
    broken.feelings.petals[0]!.wellsprings[0]!.rapidItem.questionGuid = content.experiences.petals[0].wellsprings[0].rapidItem.questionGuid;
    expect(() => loadContent(broken)).toThrow(/duplicate questionGuid/);
  });

  it('rejects a pack whose wellspring is on the wrong energy level', () => {
    const broken = structuredClone(bundledContentSource) as { experiences: { petals: { wellsprings: { energyLevel: string }[] }[] } };
    broken.experiences.petals[0]!.wellsprings[0]!.energyLevel = 'active';
    expect(() => loadContent(broken)).toThrow(/Rest must be calm/);
  });

  it('is frozen so no caller can change it for everyone else', () => {
    expect(Object.isFrozen(content.testimonials.stories[0])).toBe(true);
  });

  const items = textItems(content);
  it('has simple texts to check', () => {
    expect(items.length).toBeGreaterThan(24 * 5);
  });
  it.each(items.map(({ path, item }) => [path, item.simpleText]))(
    '%s simpleText reads easily (Flesch >= 70)',
    (_path, simpleText) => {
      expect(fleschReadingEase(simpleText)).toBeGreaterThanOrEqual(SIMPLE_TEXT_MIN_READING_EASE);
    },
  );

  it('uses no clinical labels', () => {
    const all = JSON.stringify(content).toLowerCase();
    for (const word of ['diagnosis', 'disorder', 'depression', 'symptom', 'illness']) expect(all).not.toContain(word);
  });
});
