/**
 * Lookup tables derived from a content pack: wellsprings in order, petals by name and
 * the question index (questionGuid → where it sits). Built once per content object and
 * cached, so scoring a request costs map lookups, not searches.
 */
import {
  MODULE_NAMES,
  type EnergyLevel,
  type Facet,
  type ModuleName,
  type Orientation,
  type PetalName,
  type Track,
  type WellbeingModuleName,
} from '../model/instrument';
import type {
  Content,
  EnergyLevelContent,
  EnergyModuleContent,
  EnergyPetalContent,
  QuestionContent,
  WellbeingModuleContent,
  WellbeingPetalContent,
  WellspringContent,
} from './schema';

/** Where a question sits in the instrument and which track asks it. */
export interface QuestionIndexEntry {
  readonly questionGuid: string;
  readonly questionText: string;
  readonly track: Track;
  readonly module: ModuleName;
  readonly petal: PetalName;
  /** Wellspring identifier (e.g. "BeKind"); null for Energy items. */
  readonly wellspring: string | null;
  /** inner/middle/outer for Professional wellspring items; null for Rapid and Energy items. */
  readonly facet: Facet | null;
  /** The wellspring's energy level, or the Energy item's level. */
  readonly energyLevel: EnergyLevel;
  /** 1-based position within its module for its track (stable for a guid). */
  readonly order: number;
}

export interface WellspringEntry {
  readonly wellspring: WellspringContent;
  readonly petal: WellbeingPetalContent;
  readonly moduleName: WellbeingModuleName;
  readonly orientation: Orientation;
  /** Position among the 24 (content order). */
  readonly index: number;
}

export interface EnergyLevelEntry {
  readonly petal: EnergyPetalContent;
  readonly level: EnergyLevelContent;
}

export type AnyPetalContent = WellbeingPetalContent | EnergyPetalContent;
export type AnyModuleContent = WellbeingModuleContent | EnergyModuleContent;

export interface ContentIndex {
  readonly content: Content;
  readonly modules: Readonly<Record<ModuleName, AnyModuleContent>>;
  readonly wellbeingModules: Readonly<Record<WellbeingModuleName, WellbeingModuleContent>>;
  /** The 24 wellsprings in content order. */
  readonly wellsprings: readonly WellspringEntry[];
  readonly wellspringByName: ReadonlyMap<string, WellspringEntry>;
  readonly wellbeingPetals: readonly WellbeingPetalContent[];
  readonly energyPetals: readonly EnergyPetalContent[];
  readonly petalByName: ReadonlyMap<PetalName, AnyPetalContent>;
  readonly moduleOfPetal: ReadonlyMap<PetalName, ModuleName>;
  readonly questionIndex: ReadonlyMap<string, QuestionIndexEntry>;
  readonly questionsByTrack: Readonly<Record<Track, readonly QuestionIndexEntry[]>>;
}

const cache = new WeakMap<Content, ContentIndex>();

/** The (cached) lookup tables of a content pack. */
export function indexContent(content: Content): ContentIndex {
  let index = cache.get(content);
  if (!index) {
    index = build(content);
    cache.set(content, index);
  }
  return index;
}

function build(content: Content): ContentIndex {
  const wellbeingModules = { Experiences: content.experiences, Feelings: content.feelings };
  const modules = { ...wellbeingModules, Energy: content.energy };
  const wellbeingPetals = [...content.experiences.petals, ...content.feelings.petals];
  const energyPetals = [...content.energy.petals];

  const wellsprings: WellspringEntry[] = [];
  for (const module of [content.experiences, content.feelings]) {
    for (const petal of module.petals) {
      for (const wellspring of petal.wellsprings) {
        wellsprings.push({ wellspring, petal, moduleName: module.moduleName, orientation: petal.orientation, index: wellsprings.length });
      }
    }
  }

  const petalByName = new Map<PetalName, AnyPetalContent>();
  const moduleOfPetal = new Map<PetalName, ModuleName>();
  for (const name of MODULE_NAMES) {
    for (const petal of modules[name].petals) {
      petalByName.set(petal.petalName, petal);
      moduleOfPetal.set(petal.petalName, name);
    }
  }

  const questions: QuestionIndexEntry[] = [];
  const add = (q: QuestionContent, rest: Omit<QuestionIndexEntry, 'questionGuid' | 'questionText'>) =>
    questions.push({ questionGuid: q.questionGuid.toLowerCase(), questionText: q.questionText, ...rest });

  for (const module of [content.experiences, content.feelings]) {
    let rapid = 0;
    let pro = 0;
    for (const petal of module.petals) {
      for (const ws of petal.wellsprings) {
        const base = { module: module.moduleName, petal: petal.petalName, wellspring: ws.wellspringName, energyLevel: ws.energyLevel };
        add(ws.rapidItem, { ...base, track: 'Rapid', facet: null, order: ++rapid });
        for (const facet of ['inner', 'middle', 'outer'] as const) {
          add(ws.professionalItems[facet], { ...base, track: 'Professional', facet, order: ++pro });
        }
      }
    }
  }
  let rapid = 0;
  let pro = 0;
  for (const petal of energyPetals) {
    for (const level of petal.levels) {
      const base = { module: 'Energy' as const, petal: petal.petalName, wellspring: null, facet: null, energyLevel: level.energyLevel };
      add(level.rapidItem, { ...base, track: 'Rapid', order: ++rapid });
      for (const item of level.professionalItems) add(item, { ...base, track: 'Professional', order: ++pro });
    }
  }

  return {
    content,
    modules,
    wellbeingModules,
    wellsprings,
    wellspringByName: new Map(wellsprings.map((e) => [e.wellspring.wellspringName, e])),
    wellbeingPetals,
    energyPetals,
    petalByName,
    moduleOfPetal,
    questionIndex: new Map(questions.map((q) => [q.questionGuid, q])),
    questionsByTrack: {
      Rapid: questions.filter((q) => q.track === 'Rapid'),
      Professional: questions.filter((q) => q.track === 'Professional'),
    },
  };
}

export const isWellbeingPetalContent = (petal: AnyPetalContent): petal is WellbeingPetalContent => 'wellsprings' in petal;
