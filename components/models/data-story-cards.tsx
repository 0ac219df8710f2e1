import { buildStoryCards, type StorySegmentsView } from "@/lib/client/story";
import type { DataStory } from "@/lib/client/types";

export function DataStoryCards({ story, segments }: { story: DataStory; segments?: StorySegmentsView | null }) {
  const cards = buildStoryCards(story, segments);
  if (!cards.length) return <p className="text-sm text-slate-500">No story for {story.name}.</p>;
  return (
    // One card (a regression's "high values") takes the whole width: in half of it, it left the other half empty.
    <div className={`grid grid-cols-1 gap-4 ${cards.length > 1 ? "md:grid-cols-2" : ""}`} data-testid="data-story">
      {cards.map((card) => (
        <article key={card.title} className="rounded-xl border border-slate-200 bg-gradient-to-br from-white to-brand-50/40 p-4">
          <div className="flex items-start justify-between gap-3">
            <h3 className="font-semibold text-slate-900">{card.title}</h3>
            {card.ratio !== null && card.ratio >= 1.5 && (
              <span className="shrink-0 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white" title="Top case versus bottom case">
                {card.ratio >= 10 ? Math.round(card.ratio) : card.ratio.toFixed(1)}×
              </span>
            )}
          </div>
          <p className="mt-2 text-sm leading-relaxed text-slate-700">{card.headline}</p>
          {card.details.length > 0 && (
            <ul className="mt-3 space-y-1 text-xs text-slate-600">
              {card.details.map((d) => (
                <li key={d} className="flex gap-1.5">
                  <span aria-hidden className="text-brand-500">
                    ▸
                  </span>
                  {d}
                </li>
              ))}
            </ul>
          )}
        </article>
      ))}
    </div>
  );
}
