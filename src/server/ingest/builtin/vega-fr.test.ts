import { describe, expect, it } from 'vitest';
import { parseDescriptor } from '../descriptor';
import { vegaCatalog } from './vega';

describe('the default catalog in French', () => {
  it('translates every dataset: title, description, keywords, themes and every field label', async () => {
    const catalog = await vegaCatalog();
    expect(catalog).toHaveLength(11);
    for (const { json, baseDir } of catalog) {
      const descriptor = parseDescriptor(json, baseDir);
      const fr = descriptor.translations.fr;
      expect(fr, json.dataset_id).toBeDefined();
      const metas = fr!.metas;
      expect(
        [metas.title, metas.description].every((t) => typeof t === 'string'),
        json.dataset_id,
      ).toBe(true);
      expect(metas.title).not.toBe(descriptor.metas.title);
      expect(metas.keyword).toHaveLength(descriptor.metas.keyword!.length);
      expect(metas.theme).toHaveLength(descriptor.metas.theme!.length);
      const names = descriptor.fields!.map((f) => f.name);
      expect(Object.keys(fr!.fields).sort(), json.dataset_id).toEqual([...names].sort());
      // A field described in English is described in French too.
      for (const field of descriptor.fields!) {
        if (field.description) expect(fr!.fields[field.name]?.description, field.name).toBeDefined();
      }
    }
  });
});
