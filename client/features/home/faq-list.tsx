import { css } from '@emotion/react';
import { useState } from 'react';
import faq from '#content/faq.json';

const list = css`
  max-width: 50rem;
  margin: 0;
  padding: 0;
  list-style: none;
  border-top: 1px solid var(--color-border);
  li {
    border-bottom: 1px solid var(--color-border);
  }
  h3 {
    margin: 0;
    font-size: 1.0625rem;
  }
  button {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--space-4);
    width: 100%;
    padding: var(--space-4) 0;
    border: 0;
    background: none;
    color: var(--color-text);
    font: inherit;
    font-weight: 600;
    text-align: left;
    cursor: pointer;
  }
  .sign {
    flex: none;
    font-size: 1.5rem;
    line-height: 1;
    color: var(--color-link);
  }
  section p {
    margin: 0 0 var(--space-4);
    color: var(--color-muted);
  }
`;

/** One answer open at a time; the open one can be closed again. An island (client/islands/). */
export function FaqList() {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  return (
    <ul css={list}>
      {faq.map((item, index) => {
        const open = openIndex === index;
        return (
          <li key={item.question}>
            <h3>
              <button
                type="button"
                id={`faq-q-${index}`}
                aria-expanded={open}
                aria-controls={`faq-a-${index}`}
                onClick={() => setOpenIndex(open ? null : index)}
              >
                {item.question}
                <span className="sign" aria-hidden="true">
                  {open ? '−' : '+'}
                </span>
              </button>
            </h3>
            <section id={`faq-a-${index}`} aria-labelledby={`faq-q-${index}`} hidden={!open}>
              <p>{item.answer}</p>
            </section>
          </li>
        );
      })}
    </ul>
  );
}
