import { useId, useState } from 'react';
import { truncateText } from './group-by-category';

/** Description cut at `limit` characters with Read more / Read less (ordering-payments §2, §9: 300). */
export function ExpandableText({ text, limit = 300, className }: { text: string; limit?: number; className?: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (text.length <= limit) return <p className={className}>{text}</p>;
  return (
    <div className={className}>
      <p id={id}>{expanded ? text : truncateText(text, limit)}</p>
      <button
        type="button"
        className="link-button"
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded((v) => !v)}
      >
        {expanded ? 'Read less' : 'Read more'}
      </button>
    </div>
  );
}
