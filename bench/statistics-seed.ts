/**
 * The research data the statistics part of the bench reads (issue 26): completed assessments
 * of people who opted into research, seeded straight into a SQLite file. Answers are Bloom-like:
 * each person has a level (0.5–3.5) and each answer is that level plus noise, rounded to 0..4,
 * so the scales have a realistic α rather than the fixed pattern of other seeds.
 */
import { ADMIN_EMAIL } from './memory';
import { migratedSqliteFile, Seeder } from './support/seed';

export interface ResearchSeed {
  assessments: number;
  rapid: number;
  professional: number;
  responses: number;
  /** The research data's rows: each person's latest completed assessment of each form (decision 0058). */
  researchRows: number;
  adminCookie: string;
  /** A member (not in the research data) with two completed Rapid assessments: GetProgress's caller. */
  memberCookie: string;
  seedSeconds: number;
}

/** A small, seeded pseudo-random generator (mulberry32), so every run seeds the same answers. */
export function randomSource(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * `assessments` completed research assessments, `professionalTenths` in ten of them Professional
 * (90 answers; the rest Rapid, 30), over people with one or two assessments each.
 */
export async function seedResearchData(dataDir: string, options: { assessments: number; professionalTenths: number }): Promise<ResearchSeed> {
  const started = performance.now();
  const seeder = new Seeder(await migratedSqliteFile(dataDir));
  const random = randomSource(26);
  let rapid = 0;
  let professional = 0;
  const personForms = new Set<string>();
  const cookies = seeder.batch(() => {
    let person = '';
    let level = 0;
    for (let i = 0; i < options.assessments; i++) {
      // Every third person took a second assessment.
      if (i % 3 !== 2) {
        person = seeder.user({ researchOptIn: true });
        level = 0.5 + 3 * random();
      }
      const isProfessional = i % 10 < options.professionalTenths;
      if (isProfessional) professional += 1;
      else rapid += 1;
      personForms.add(`${person}|${isProfessional}`);
      const answer = () => Math.min(4, Math.max(0, Math.round(level + (random() - 0.5) * 2.4)));
      seeder.finishedAssessment(person, { professional: isProfessional, daysAgo: i % 365, answer });
    }
    const member = seeder.user({ firstName: 'Robin', lastName: 'Progress' });
    seeder.finishedAssessment(member, { professional: false, daysAgo: 30, answer: (q) => (q % 3) + 1 });
    seeder.finishedAssessment(member, { professional: false, daysAgo: 1, answer: (q) => (q % 3) + 2 });
    return {
      adminCookie: seeder.session(seeder.user({ email: ADMIN_EMAIL, firstName: 'Ada', lastName: 'Admin' })),
      memberCookie: seeder.session(member),
    };
  });
  seeder.close();
  return {
    assessments: options.assessments,
    rapid,
    professional,
    responses: rapid * seeder.responsesPerAssessment(false) + professional * seeder.responsesPerAssessment(true),
    researchRows: personForms.size,
    ...cookies,
    seedSeconds: (performance.now() - started) / 1000,
  };
}
