import type { FieldProblem } from '../../../shared/errors.ts';
import {
  FEEDBACK_STAGE_KINDS,
  type CriterionInput,
  type FeedbackBody,
  type ResumeFacts,
  type StageInput,
  type StageKind,
} from '../../../shared/recruitment.schemas.ts';

/** The pure rules of recruitment: pipelines, scorecards, feedback scores, resume search and facts. */

/** `like` patterns for each word of a search (accents and case are removed on both sides in SQL). */
export function searchPatterns(search: string | undefined): string[] {
  return (search ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 8)
    .map((word) => `%${word.replace(/[\\%_]/g, '\\$&')}%`);
}

/** Without accents and lower-cased, as `bo_unaccent(lower(…))` does in SQL (đ becomes d too). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[đĐ]/g, 'd').toLowerCase();
}

/**
 * The words of a resume search as a `to_tsquery` text: letters and digits only (so nothing typed
 * can break the query syntax), each a prefix (`java:*` finds "javascript"), all required.
 * Null when nothing searchable was typed.
 */
export function resumeTsQuery(search: string | undefined): string | null {
  const words = (search ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

const KIND_ONCE: readonly StageKind[] = ['APPLIED', 'HIRED', 'REJECTED'];

/** What is wrong with a pipeline: APPLIED first, exactly one APPLIED, HIRED and REJECTED, unique names. */
export function pipelineProblems(stages: readonly StageInput[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const kind of KIND_ONCE) {
    const count = stages.filter((stage) => stage.kind === kind).length;
    if (count !== 1) problems.push({ field: 'stages', code: 'pipelineNeedsOne', params: { kind } });
  }
  if (stages[0] && stages[0].kind !== 'APPLIED')
    problems.push({ field: 'stages', code: 'pipelineStartsApplied' });
  const names = stages.map((stage) => fold(stage.name.trim()));
  if (new Set(names).size !== names.length) problems.push({ field: 'stages', code: 'stageNameTaken' });
  const ids = stages.flatMap((stage) => (stage.id ? [stage.id] : []));
  if (new Set(ids).size !== ids.length) problems.push({ field: 'stages', code: 'stageRepeated' });
  return problems;
}

/** Unique criterion names and ids. */
export function criteriaProblems(criteria: readonly CriterionInput[]): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const names = criteria.map((criterion) => fold(criterion.name.trim()));
  if (new Set(names).size !== names.length) problems.push({ field: 'criteria', code: 'criterionNameTaken' });
  const ids = criteria.flatMap((criterion) => (criterion.id ? [criterion.id] : []));
  if (new Set(ids).size !== ids.length) problems.push({ field: 'criteria', code: 'criterionRepeated' });
  return problems;
}

/**
 * Feedback's problems: a stage of the pipeline where interviews happen, criteria of the campaign,
 * each once, each score within its criterion's scale (1 to its maximum).
 */
export function feedbackProblems(
  input: FeedbackBody,
  stages: ReadonlyArray<{ id: string; kind: StageKind }>,
  criteria: ReadonlyArray<{ id: string; scale_max: number }>,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const stage = stages.find((candidate) => candidate.id === input.stageId);
  if (!stage) problems.push({ field: 'stageId', code: 'stageNotInPipeline' });
  else if (!FEEDBACK_STAGE_KINDS.includes(stage.kind))
    problems.push({ field: 'stageId', code: 'stageTakesNoFeedback' });
  const seen = new Set<string>();
  for (const [index, entry] of input.scores.entries()) {
    const criterion = criteria.find((candidate) => candidate.id === entry.criterionId);
    const field = `scores.${index}`;
    if (!criterion) problems.push({ field, code: 'unknownCriterion' });
    else if (seen.has(entry.criterionId)) problems.push({ field, code: 'criterionRepeated' });
    else if (entry.score < 1 || entry.score > criterion.scale_max)
      problems.push({ field, code: 'scoreOutOfScale', params: { max: criterion.scale_max } });
    seen.add(entry.criterionId);
  }
  return problems;
}

/** A score as a share of its scale: 1 of 1-5 is 0 %, 5 of 1-5 is 100 %. */
export const percentOf = (score: number, scaleMax: number) => ((score - 1) / (scaleMax - 1)) * 100;

/** A mean rounded to one decimal, or null for nothing. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10;
}

/** What the comparison shows of a resume, read from its text. */
export function resumeFacts(text: string, pageCount: number): ResumeFacts {
  const words = text.split(/\s+/).filter(Boolean);
  const years = [...fold(text).matchAll(/(\d{1,2})\s*\+?\s*(?:years?|yrs?|nam)\b/g)]
    .map((match) => Number(match[1]))
    .filter((value) => value > 0 && value <= 50);
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const links = [...new Set(text.match(/https?:\/\/[^\s)>\]]+/g) ?? [])].slice(0, 5);
  return {
    pageCount,
    wordCount: words.length,
    yearsOfExperience: years.length ? Math.max(...years) : null,
    headline: lines.slice(0, 3).map((line) => line.slice(0, 200)),
    links,
  };
}

// One character folded, remembered: a page of 20 resumes is some 40,000 characters of a few
// hundred distinct ones, and folding each anew (normalize + regexes) cost more than the search's SQL.
const foldedChars = new Map<string, string>();
function foldChar(char: string): string {
  let folded = foldedChars.get(char);
  if (folded === undefined) {
    folded = fold(char).slice(0, 1) || ' ';
    if (foldedChars.size < 10_000) foldedChars.set(char, folded);
  }
  return folded;
}

/**
 * About 200 characters of the text around the first search word (accents ignored), or its start.
 * The folded text keeps one character per original one (combining marks are dropped per character).
 */
export function snippetOf(text: string, search: string | undefined, size = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const words = (search ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(fold);
  const chars = [...flat];
  const folded = chars.map(foldChar).join('');
  let at = -1;
  for (const word of words) {
    const found = folded.indexOf(word);
    if (found >= 0 && (at < 0 || found < at)) at = found;
  }
  const start = Math.max(0, at - Math.floor(size / 3));
  const piece = chars.slice(start, start + size).join('');
  return `${start > 0 ? '… ' : ''}${piece}${start + size < chars.length ? ' …' : ''}`;
}
