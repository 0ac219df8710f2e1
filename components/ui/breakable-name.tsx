import { Fragment } from "react";
import { nameBreakPieces } from "@/lib/client/name-breaks";

/** A field or model name that wraps between its words (<wbr>) rather than at any letter. */
export function BreakableName({ name }: { name: string }) {
  return (
    <>
      {nameBreakPieces(name).map((piece, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one name, in a fixed order
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
