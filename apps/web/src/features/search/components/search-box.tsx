import { useState } from 'react';
import { useNavigate } from 'react-router';

/** The header's search form: submits to /search-results with the query. */
export function SearchBox({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  const navigate = useNavigate();
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is not yet in React's JSX types; the role gives the same landmark.
    <form
      className="search-box"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const params = new URLSearchParams();
        if (text.trim()) params.set('query', text.trim());
        navigate(`/search-results?${params}`);
      }}
    >
      <label className="visually-hidden" htmlFor="search-input">
        Search for items
      </label>
      <input
        id="search-input"
        type="search"
        value={text}
        placeholder="Search phones, laptops, jewellery..."
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit">Search</button>
    </form>
  );
}
