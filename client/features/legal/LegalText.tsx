import { legalBlocks } from '../../../shared/legal.schemas.ts';

/** A legal text as headings and paragraphs: plain text in, no HTML ever rendered from it. */
export function LegalText({ content }: { content: string }) {
  return (
    <>
      {legalBlocks(content).map((block, index) =>
        block.heading ? (
          <h2 key={index}>{block.text}</h2>
        ) : (
          <p key={index} style={{ whiteSpace: 'pre-line' }}>
            {block.text}
          </p>
        ),
      )}
    </>
  );
}
