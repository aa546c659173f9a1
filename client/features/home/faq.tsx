import { css } from '@emotion/react';
import faq from '#content/faq.json';
import { Section } from './section.tsx';

// The accordion is the browser's own: `<details>` sharing one `name` keeps one answer open at a time, and the open
// one closes again. It needs no script, so it ships none, answers before the page's code runs or without it, and
// the browser's find-in-page opens the answer it finds a word in.

const list = css`
  max-width: 50rem;
  margin: 0;
  padding: 0;
  list-style: none;
  border-top: 1px solid var(--color-border);
  li {
    border-bottom: 1px solid var(--color-border);
  }
  summary {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--space-4);
    padding: var(--space-4) 0;
    color: var(--color-text);
    font-size: 1.0625rem;
    font-weight: 600;
    list-style: none;
    cursor: pointer;
  }
  summary::-webkit-details-marker {
    display: none;
  }
  .sign {
    flex: none;
    font-size: 1.5rem;
    line-height: 1;
    color: var(--color-link);
  }
  .sign::before {
    content: '+';
  }
  details[open] .sign::before {
    content: '−';
  }
  details p {
    margin: 0 0 var(--space-4);
    color: var(--color-muted);
  }
`;

export function Faq() {
  return (
    <Section id="faq" eyebrow="FAQ" title="Questions agents ask us" tone="muted">
      <ul css={list}>
        {faq.map((item) => (
          <li key={item.question}>
            <details name="faq">
              <summary>
                {item.question}
                <span className="sign" aria-hidden="true" />
              </summary>
              <p>{item.answer}</p>
            </details>
          </li>
        ))}
      </ul>
    </Section>
  );
}
