import '../product.css';

/** Dots out of five plus the words; condition 0 means not graded and shows no dots. */
export function ConditionRating({ condition, label }: { condition: number; label: string }) {
  return (
    <p className="condition-rating">
      <span className="condition-rating__name">Condition:</span>
      {condition > 0 ? (
        <span className="condition-rating__dots" aria-hidden="true">
          {[1, 2, 3, 4, 5].map((n) => (
            <span key={n} className={n <= condition ? 'rating-dot rating-dot--on' : 'rating-dot'} />
          ))}
        </span>
      ) : null}
      <span>
        {label}
        {condition > 0 ? <span className="visually-hidden"> ({condition} out of 5)</span> : null}
      </span>
    </p>
  );
}
