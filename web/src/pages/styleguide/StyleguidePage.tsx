import { useParams, useRouterState } from '@tanstack/react-router';
import { pages } from '../../../../shared/pages';
import { HrefLink } from '../../components/HrefLink';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import {
  findExample,
  type StyleguideComponent,
  type StyleguideExample,
  styleguideComponents,
} from './examples';
import './styleguide.css';

/**
 * The styleguide (§2 "Styleguide: /styleguide and sub paths"):
 * - `/styleguide`: every component with all its examples;
 * - `/styleguide/c/$component`: one component's examples;
 * - `/styleguide/c/$component/$example`: one example;
 * - `/styleguide/c/$component/$example/raw`: the example alone, without headings.
 * An unknown component or example says so, with a link back to the styleguide.
 */

const base = pages.styleguide;
const componentHref = (component: StyleguideComponent) => `${base}/c/${encodeURIComponent(component.id)}`;
const exampleHref = (component: StyleguideComponent, example: StyleguideExample) =>
  `${componentHref(component)}/${encodeURIComponent(example.id)}`;

function ExampleBody({ example }: { example: StyleguideExample }) {
  return (
    <div className={example.dark ? 'sg-example-body sg-dark' : 'sg-example-body'}>{example.render()}</div>
  );
}

/** One example with its heading (a link to the example's own page) at `level`. */
function ExampleSection({
  component,
  example,
  level,
}: {
  component: StyleguideComponent;
  example: StyleguideExample;
  level: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const headingId = `sg-${component.id}-${example.id}`;
  return (
    <section className="sg-example" aria-labelledby={headingId}>
      <Heading id={headingId} className="sg-example-title">
        <HrefLink href={exampleHref(component, example)}>{example.title}</HrefLink>
      </Heading>
      {example.description ? <p className="sg-description">{example.description}</p> : null}
      <ExampleBody example={example} />
    </section>
  );
}

function ComponentSection({ component }: { component: StyleguideComponent }) {
  const headingId = `sg-${component.id}`;
  return (
    <section className="sg-component" aria-labelledby={headingId}>
      <h2 id={headingId} className="sg-component-title">
        <HrefLink href={componentHref(component)}>{component.name}</HrefLink>
      </h2>
      <p className="sg-description">{component.description}</p>
      {component.examples.map((example) => (
        <ExampleSection key={example.id} component={component} example={example} level={3} />
      ))}
    </section>
  );
}

function Breadcrumbs({ component }: { component?: StyleguideComponent | undefined }) {
  return (
    <nav className="sg-breadcrumbs" aria-label="Breadcrumb">
      <ol>
        <li>
          <HrefLink href={base}>Styleguide</HrefLink>
        </li>
        {component ? (
          <li>
            <HrefLink href={componentHref(component)}>{component.name}</HrefLink>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}

function Missing({
  what,
  name,
  component,
}: {
  what: 'component' | 'example';
  name: string;
  component?: StyleguideComponent;
}) {
  useDocumentTitle(`No such ${what} | Styleguide`);
  return (
    <div className="page styleguide">
      <h1>{`No such ${what}`}</h1>
      <p>
        {component
          ? `${component.name} has no example “${name}”.`
          : `The styleguide has no component “${name}”.`}
      </p>
      <ul className="sg-missing-links">
        {component ? (
          <li>
            <HrefLink href={componentHref(component)}>All {component.name} examples</HrefLink>
          </li>
        ) : null}
        <li>
          <HrefLink href={base}>Back to the styleguide</HrefLink>
        </li>
      </ul>
    </div>
  );
}

function AllComponents() {
  useDocumentTitle('Styleguide');
  return (
    <div className="page styleguide">
      <h1>Styleguide</h1>
      <p className="sg-lead">
        The shared components of Velo Exchange with live examples. Open a component or an example for its own
        page; add <code>/raw</code> to an example’s address for the example alone.
      </p>
      <nav className="sg-toc" aria-label="Components">
        <ul>
          {styleguideComponents.map((component) => (
            <li key={component.id}>
              <HrefLink href={componentHref(component)}>{component.name}</HrefLink>
            </li>
          ))}
        </ul>
      </nav>
      {styleguideComponents.map((component) => (
        <ComponentSection key={component.id} component={component} />
      ))}
    </div>
  );
}

function OneComponent({ component }: { component: StyleguideComponent }) {
  useDocumentTitle(`${component.name} | Styleguide`);
  return (
    <div className="page styleguide">
      <Breadcrumbs />
      <h1>{component.name}</h1>
      <p className="sg-description">{component.description}</p>
      {component.examples.map((example) => (
        <ExampleSection key={example.id} component={component} example={example} level={2} />
      ))}
    </div>
  );
}

function OneExample({ component, example }: { component: StyleguideComponent; example: StyleguideExample }) {
  useDocumentTitle(`${example.title}: ${component.name} | Styleguide`);
  return (
    <div className="page styleguide">
      <Breadcrumbs component={component} />
      <h1>{component.name}</h1>
      <ExampleSection component={component} example={example} level={2} />
      <p>
        <HrefLink href={`${exampleHref(component, example)}/raw`}>This example alone</HrefLink>
      </p>
    </div>
  );
}

function RawExample({ component, example }: { component: StyleguideComponent; example: StyleguideExample }) {
  useDocumentTitle(`${example.title}: ${component.name} | Styleguide`);
  return (
    <div className="sg-raw">
      <ExampleBody example={example} />
    </div>
  );
}

/** What the styleguide shows for a component id, an example id and whether the raw form was asked for. */
export function StyleguideView({
  componentId,
  exampleId,
  raw = false,
}: {
  componentId?: string | undefined;
  exampleId?: string | undefined;
  raw?: boolean;
}) {
  if (componentId === undefined) return <AllComponents />;
  const { component, example } = findExample(componentId, exampleId);
  if (!component) return <Missing what="component" name={componentId} />;
  if (exampleId === undefined) return <OneComponent component={component} />;
  if (!example) return <Missing what="example" name={exampleId} component={component} />;
  return raw ? (
    <RawExample component={component} example={example} />
  ) : (
    <OneExample component={component} example={example} />
  );
}

/** The page for all four styleguide routes: reads `$component`, `$example` and whether the route ends in `/raw`. */
export function StyleguidePage() {
  const params: { component?: string; example?: string } = useParams({ strict: false });
  const routeId = useRouterState({ select: (state) => state.matches.at(-1)?.routeId as string | undefined });
  const raw = params.example !== undefined && (routeId?.endsWith('/raw') ?? false);
  return <StyleguideView componentId={params.component} exampleId={params.example} raw={raw} />;
}
