import type { CSSProperties } from 'react';

interface Tag {
  id: number;
  name: string;
  color: string;
}

/**
 * Coloured tag badges (ordering-payments §3 presetTags: id, name, color). The colour marks the
 * badge (dot and border); the text stays dark on a light tint, so any catalogue colour keeps
 * WCAG AA contrast.
 */
export function TagBadges({ tags, max = 3 }: { tags: readonly Tag[]; max?: number }) {
  if (tags.length === 0) return null;
  return (
    <ul className="tag-badges" aria-label="Tags">
      {tags.slice(0, max).map((tag) => (
        <li key={tag.id} className="tag-badge" style={{ '--tag-color': tag.color } as CSSProperties}>
          {tag.name}
        </li>
      ))}
    </ul>
  );
}
