import { type ComponentType, createElement } from 'react';
import { IslandContext } from './island-context.ts';
import { ISLAND_ATTRIBUTES, ISLAND_ELEMENT, type IslandLoad } from './island-load.ts';
import { type IslandName, type IslandProps, islandComponents } from './server-registry.ts';

interface IslandOptions<Name extends IslandName> {
  name: Name;
  /** Tells apart two places of the same island on one page (their element ids depend on it). */
  id?: string;
  load?: IslandLoad;
  props: IslandProps<Name>;
}

/**
 * An interactive part of a marketing page: rendered here with the rest of the page, then hydrated in the browser
 * as a root of its own, from the props written beside it (docs/decisions/0020-marketing-pages-as-islands.md).
 * Its props must survive JSON; its element takes no box of its own (`display: contents`).
 */
export function Island<Name extends IslandName>({ name, id, load = 'now', props }: IslandOptions<Name>) {
  const Component = islandComponents[name] as ComponentType<object>;
  return createElement(
    ISLAND_ELEMENT,
    {
      [ISLAND_ATTRIBUTES.name]: name,
      [ISLAND_ATTRIBUTES.id]: id,
      [ISLAND_ATTRIBUTES.load]: load,
      [ISLAND_ATTRIBUTES.props]: JSON.stringify(props),
    },
    <IslandContext value={{ name, id }}>
      <Component {...(props as object)} />
    </IslandContext>,
  );
}
