import { Suspense, type ReactNode } from 'react';

// On a server-rendered page React hydrates what a Suspense boundary holds in a pass of its own, after what is outside
// it, and each pass ends in a commit, which React cannot split. Each part after the first is one boundary deeper than
// the part before it, so a long page (a page of listing cards, the listing's sections) is hydrated and committed a part
// at a time rather than in one long task (docs/decisions/010-compression-and-bundle.md "Staged start"). The parts
// stay siblings in the DOM: a boundary adds only comments to the markup.

/** `parts` one after another; on a server-rendered page hydrated in turn, each in its own pass. */
export function InTurn({ parts }: { parts: readonly ReactNode[] }): ReactNode {
  const [first, ...rest] = parts;
  return (
    <>
      {first}
      {rest.length > 0 && (
        <Suspense fallback={null}>
          <InTurn parts={rest} />
        </Suspense>
      )}
    </>
  );
}
