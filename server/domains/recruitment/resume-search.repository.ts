import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connect.ts';
import {
  RESUME_COUNT_CAP,
  RESUME_RANK_WINDOW,
  type CandidateSource,
} from '../../../shared/recruitment.schemas.ts';
import type { PageWindow } from '../../core/paging.ts';
import { searchPatterns } from './recruitment-rules.ts';

/**
 * SQL of the all-resume search. Bounded by design (README "Recruitment", resume search): a common
 * word matches almost every resume, and ranking or counting all of them reads every resume's
 * tsvector out of TOAST (about 2 s over 20,000 resumes). So:
 * - the matches are the text's GIN-indexed match UNION the candidates' trigram-indexed name/email
 *   match, each branch its own indexed subquery (an OR across the join would scan every resume);
 * - only the newest RANK_WINDOW matches are ranked by relevance (`ts_rank`), shown first; the
 *   matches after them follow newest first (cheap key: the (created_at, id) index);
 * - the count stops at COUNT_CAP: a search matching more says "1,000+" and lists its newest 1,000.
 */

/** How many of the newest matches are ranked by relevance (ten pages of 20). */
export const RANK_WINDOW = RESUME_RANK_WINDOW;
/** Where the count stops: more matches than this are shown as "1,000+" and only these are listed. */
export const COUNT_CAP = RESUME_COUNT_CAP;

export interface ResumeHitRow {
  id: string;
  candidate_id: string;
  file_name: string;
  size_bytes: number;
  page_count: number;
  text: string;
  created_at: Date;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  source: CandidateSource;
  links: string[];
}

/**
 * The `take` newest matches (id, created_at), newest first: the text branch through the GIN index
 * (or, for a very common word, the (created_at, id) index, stopping after `take`), the name branch
 * through the candidates' trigram index; each branch limited before they are merged.
 */
function newestMatches(tsQuery: string, patterns: readonly string[], take: number): RawBuilder<unknown> {
  const names = patterns.map((pattern) => sql`p.search_text like bo_unaccent(lower(${pattern}))`);
  const byName = names.length
    ? sql`(select r.id, r.created_at from candidates p
            join candidate_resumes r on r.candidate_id = p.id
            where ${sql.join(names, sql` and `)}
            order by r.created_at desc, r.id limit ${take})`
    : sql`(select null::uuid as id, null::timestamptz as created_at where false)`;
  return sql`(select m.id, m.created_at from (
      (select r.id, r.created_at from candidate_resumes r
        where r.search_vector @@ to_tsquery('simple', bo_unaccent(lower(${tsQuery})))
        order by r.created_at desc, r.id limit ${take})
      union
      ${byName}
    ) m order by m.created_at desc, m.id limit ${take})`;
}

const HIT_COLUMNS = sql`r.id, r.candidate_id, r.file_name, r.size_bytes, r.page_count,
  left(r.text, 20000) as text, r.created_at, p.first_name, p.last_name, p.email, p.phone, p.source, p.links`;

/**
 * Every resume whose text has all the words (prefixes, accents and case ignored), or whose
 * candidate's name or email holds them all; the newest RANK_WINDOW best match first, then newest
 * first, at most COUNT_CAP; without words, the newest. Compiled here so the bench runs the very
 * same two statements (rows, count) through bare pg.
 */
export function compileResumeSearch(
  db: Db,
  tsQuery: string | null,
  search: string | undefined,
  window: PageWindow,
): { rows: CompiledQuery; count: CompiledQuery } {
  if (!tsQuery) {
    return {
      rows: sql`select ${HIT_COLUMNS} from candidate_resumes r join candidates p on p.id = r.candidate_id
        order by r.created_at desc, r.id offset ${window.offset} limit ${window.limit}`.compile(db),
      count: sql`select count(*)::int as total from candidate_resumes`.compile(db),
    };
  }
  const patterns = searchPatterns(search);
  const end = Math.min(window.offset + window.limit, COUNT_CAP);
  // The page's part inside the ranked window, and its part after it (newest first); a LIMIT 0
  // side is not run.
  const rankedFrom = Math.min(window.offset, RANK_WINDOW);
  const rankedTake = Math.max(0, Math.min(end, RANK_WINDOW) - rankedFrom);
  const tailFrom = Math.max(window.offset, RANK_WINDOW);
  const tailTake = Math.max(0, end - tailFrom);
  const query = sql`to_tsquery('simple', bo_unaccent(lower(${tsQuery})))`;
  return {
    rows: sql`with page as (
        (select w.id, 0 as part, ts_rank(r.search_vector, ${query}) as rank, w.created_at
          from ${newestMatches(tsQuery, patterns, RANK_WINDOW)} w
          join candidate_resumes r on r.id = w.id
          order by rank desc, w.created_at desc, w.id
          offset ${rankedFrom} limit ${rankedTake})
        union all
        (select t.id, 1 as part, 0 as rank, t.created_at
          from ${newestMatches(tsQuery, patterns, tailFrom + tailTake)} t
          order by t.created_at desc, t.id
          offset ${tailFrom} limit ${tailTake})
      )
      select ${HIT_COLUMNS} from page
        join candidate_resumes r on r.id = page.id
        join candidates p on p.id = r.candidate_id
      order by page.part, page.rank desc, page.created_at desc, page.id`.compile(db),
    count: sql`select count(*)::int as total
      from ${newestMatches(tsQuery, patterns, COUNT_CAP + 1)} c`.compile(db),
  };
}

/** A page of `compileResumeSearch`: its rows, the total (at most COUNT_CAP) and whether it stopped there. */
export async function searchResumes(
  db: Db,
  tsQuery: string | null,
  search: string | undefined,
  window: PageWindow,
): Promise<{ rows: ResumeHitRow[]; total: number; totalCapped: boolean }> {
  const compiled = compileResumeSearch(db, tsQuery, search, window);
  const [rows, count] = await Promise.all([db.executeQuery(compiled.rows), db.executeQuery(compiled.count)]);
  const counted = (count.rows[0] as { total: number }).total;
  const capped = tsQuery !== null && counted > COUNT_CAP;
  return { rows: rows.rows as ResumeHitRow[], total: capped ? COUNT_CAP : counted, totalCapped: capped };
}
