/**
 * Answers generated from a page schema for funnels:check's completability proof, by
 * json-schema-faker (a dev-only dependency: nothing here ships to the browser or gateway).
 * Minimal answers: only what the schema requires, so a generated claim passes the way the
 * shortest real one would.
 */
import { generateSync, type JsonSchema } from 'json-schema-faker';
import type { SampleAnswers } from '../../src/runtime/funnel';

export const sampleAnswers: SampleAnswers = (schema, seed) =>
  generateSync(schema as JsonSchema, {
    seed,
    optionalsProbability: 0,
    alwaysFakeOptionals: false,
    fixedProbabilities: true,
  });
