import { type MouseEvent, type ReactNode, useEffect, useState } from 'react';
import { Form, useForm } from 'react-final-form';
import type { ProfileImage } from '../../../../shared/api/account';
import type { ListingSummary } from '../../../../shared/api/types';
import { type CountryLocale, countryName, isCountryCode } from '../../../../shared/config/countries';
import { payoutCountryCodes } from '../../../../shared/config/payout-countries';
import { pagePath, pages } from '../../../../shared/pages';
import { validateSignup } from '../../../../shared/validation/account';
import { Avatar } from '../../components/Avatar';
import { CountrySelect } from '../../components/CountrySelect';
import { DateLabel } from '../../components/DateLabel';
import { HrefLink } from '../../components/HrefLink';
import { ListingCard } from '../../components/ListingCard';
import { ListingGridSkeleton, Spinner } from '../../components/Loading';
import { ManageTabs } from '../../components/ManageTabs';
import { PaginationLinks } from '../../components/Pagination';
import { RetryNotice } from '../../components/RetryNotice';
import { TabNav, type TabNavTab } from '../../components/TabNav';
import {
  EmailField,
  FormElement,
  FormError,
  SubmitButton,
  TextAreaField,
  TextField,
} from '../../forms/fields';
import { NewPasswordField } from '../../forms/PasswordField';
import { accountSettingsTabs } from '../account/AccountSettingsLayout';

/**
 * The styleguide's content (§2 "Styleguide: /styleguide and sub paths"): every shared component
 * with live examples. Ids inside examples are unique across the whole page, since `/styleguide`
 * shows every example at once.
 */
export interface StyleguideExample {
  /** Unique within its component; the last path segment of `/styleguide/c/$component/$example`. */
  id: string;
  title: string;
  description?: string;
  /** Shown on a dark backdrop (for light-on-dark components). */
  dark?: boolean;
  render: () => ReactNode;
}

export interface StyleguideComponent {
  /** Unique; the `$component` path segment. */
  id: string;
  name: string;
  description: string;
  examples: readonly StyleguideExample[];
}

// Sample pictures, drawn inline so the styleguide needs no stored images.
function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const bikeSvg = (size: number) =>
  svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
      '<rect width="100" height="100" fill="#e3f1ea"/>' +
      '<g fill="none" stroke="#0b5d3b" stroke-width="4" stroke-linejoin="round" stroke-linecap="round">' +
      '<circle cx="27" cy="62" r="15"/><circle cx="73" cy="62" r="15"/>' +
      '<path d="M27 62 42 38h26L73 62M42 38l12 24 14-24M40 30h8M64 32l4-6h6"/></g></svg>',
  );

const portraitSvg = (size: number) =>
  svgDataUrl(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">` +
      '<rect width="100" height="100" fill="#e8eef8"/>' +
      '<circle cx="50" cy="40" r="18" fill="#1a56db"/><path d="M16 100c0-22 15-34 34-34s34 12 34 34z" fill="#1a56db"/></svg>',
  );

const sampleProfileImage: ProfileImage = {
  id: 'styleguide-avatar',
  variants: {
    'square-xsmall': { width: 40, height: 40, url: portraitSvg(40) },
    'square-xsmall2x': { width: 80, height: 80, url: portraitSvg(80) },
    'square-small': { width: 240, height: 240, url: portraitSvg(240) },
    'square-small2x': { width: 480, height: 480, url: portraitSvg(480) },
  },
};

const sampleUser = { displayName: 'Maya T', abbreviatedName: 'MT' };

/** A listing as search and profile pages get it. */
export const sampleListing: ListingSummary = {
  id: 'styleguide-listing',
  slug: 'steel-gravel-bike-56-cm',
  title: 'Steel gravel bike, 56 cm, Shimano GRX',
  price: { amount: 85000, currency: 'USD' },
  state: 'published',
  category: 'gravelBikes',
  condition: 'good',
  brand: 'Surly',
  city: 'Portland',
  region: 'OR',
  createdAt: '2026-03-01T10:00:00.000Z',
  authorId: 'styleguide-user',
  image: {
    id: 'styleguide-image',
    variants: {
      'listing-card': { width: 400, height: 400, url: bikeSvg(400) },
      'listing-card-2x': { width: 800, height: 800, url: bikeSvg(800) },
    },
  },
};

// Fixed "now" for the date examples, so each shows the form it is named after.
const sampleNow = new Date('2026-03-11T15:00:00Z');
const hoursBefore = (hours: number) => new Date(sampleNow.getTime() - hours * 3_600_000);

function Row({ children }: { children: ReactNode }) {
  return <div className="sg-row">{children}</div>;
}

function SampleForm({
  children,
  initialValues,
  showErrors = false,
}: {
  children: ReactNode;
  initialValues?: Record<string, string>;
  showErrors?: boolean;
}) {
  return (
    <Form
      onSubmit={() => new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 1000))}
      validate={validateSignup}
      initialValues={initialValues}
    >
      {({ handleSubmit, submitting }) => (
        <FormElement onSubmit={handleSubmit}>
          {children}
          {/* After the fields, whose effects register them first. */}
          {showErrors ? <SubmitOnMount /> : null}
          <SubmitButton inProgress={submitting} progressLabel="Saving…" className="button button-primary">
            Save
          </SubmitButton>
        </FormElement>
      )}
    </Form>
  );
}

/** Submits once on mount, which touches every field, so the example shows its messages. */
function SubmitOnMount() {
  const form = useForm();
  useEffect(() => {
    void form.submit();
  }, [form]);
  return null;
}

const localeNames: Record<CountryLocale, string> = {
  en: 'English',
  fr: 'French',
  es: 'Spanish',
  de: 'German',
};

function CountryDemo({ locale }: { locale: CountryLocale }) {
  const [value, setValue] = useState('DE');
  return (
    <>
      <CountrySelect
        id={`sg-country-${locale}`}
        name={`country-${locale}`}
        label={`Country (${localeNames[locale]} names)`}
        value={value}
        onChange={setValue}
        locale={locale}
      />
      <p className="sg-note">
        Value: <code>{value || '(none)'}</code>
        {isCountryCode(value) ? ` (${countryName(value)})` : null}
      </p>
    </>
  );
}

function CountryErrorDemo() {
  const [value, setValue] = useState('');
  return (
    <CountrySelect
      id="sg-country-payout"
      name="payout-country"
      label="Bank account country"
      hint="Only the countries where payouts are possible."
      value={value}
      onChange={setValue}
      codes={payoutCountryCodes}
      error={value ? undefined : 'Please select a country.'}
      required
    />
  );
}

/** Pagination that moves between pages in place, so the example can be tried without leaving. */
function PaginationDemo({
  initialPage,
  totalPages,
  label,
}: {
  initialPage: number;
  totalPages: number;
  label: string;
}) {
  const [page, setPage] = useState(initialPage);
  return (
    <PaginationLinks
      page={page}
      totalPages={totalPages}
      label={label}
      renderLink={(target, props) => (
        <a
          href={`?page=${target}`}
          onClick={(event: MouseEvent<HTMLAnchorElement>) => {
            event.preventDefault();
            setPage(target);
          }}
          {...props}
        />
      )}
    />
  );
}

/** Every tab of the example links to the example itself. */
const tabBarExample = pagePath('styleguideExample', { component: 'tabs', example: 'tab-bar' });

const manyTabs: readonly TabNavTab[] = [
  { id: 'details', label: 'Details', href: tabBarExample },
  { id: 'pricing', label: 'Pricing and stock', href: tabBarExample },
  { id: 'delivery', label: 'Delivery', href: tabBarExample },
  { id: 'photos', label: 'Photos', href: tabBarExample },
  { id: 'location', label: 'Location', href: tabBarExample },
  { id: 'features', label: 'Features', href: tabBarExample },
  { id: 'policies', label: 'Policies', href: tabBarExample },
];

export const styleguideComponents: readonly StyleguideComponent[] = [
  {
    id: 'buttons',
    name: 'Buttons',
    description: 'The .button classes of global.css, on <button> and on links that act as buttons.',
    examples: [
      {
        id: 'primary',
        title: 'Primary and secondary',
        render: () => (
          <Row>
            <button type="button" className="button button-primary">
              Buy now
            </button>
            <button type="button" className="button">
              Contact the seller
            </button>
            <HrefLink href={pages.search} className="button button-secondary">
              Shop now (a link)
            </HrefLink>
          </Row>
        ),
      },
      {
        id: 'sizes',
        title: 'Sizes',
        render: () => (
          <Row>
            <button type="button" className="button button-small">
              Small
            </button>
            <button type="button" className="button">
              Default
            </button>
            <button type="button" className="button button-primary button-large">
              Large
            </button>
          </Row>
        ),
      },
      {
        id: 'light',
        title: 'Light, on a dark background',
        dark: true,
        render: () => (
          <Row>
            <button type="button" className="button button-light">
              Sell your bike
            </button>
          </Row>
        ),
      },
      {
        id: 'states',
        title: 'Disabled, in progress and link-like',
        render: () => (
          <Row>
            <button type="button" className="button button-primary" disabled>
              Out of stock
            </button>
            <SubmitButton inProgress progressLabel="Sending…" className="button button-primary">
              Send
            </SubmitButton>
            <button type="button" className="link-button">
              Show more
            </button>
          </Row>
        ),
      },
    ],
  },
  {
    id: 'form-fields',
    name: 'Form fields',
    description:
      'Labelled fields from forms/fields.tsx on react-final-form, with hints and messages linked to the control, and the country field in the four languages of the country list.',
    examples: [
      {
        id: 'text-fields',
        title: 'Text fields',
        description: 'Messages show after a field is left or the form is submitted.',
        render: () => (
          <SampleForm>
            <div className="field-row">
              <TextField name="firstName" label="First name" autoComplete="given-name" required />
              <TextField name="lastName" label="Last name" autoComplete="family-name" required />
            </div>
            <EmailField />
            <NewPasswordField name="password" />
            <TextAreaField name="bio" label="Bio (optional)" rows={3} hint="A few words about you." />
          </SampleForm>
        ),
      },
      {
        id: 'errors',
        title: 'Fields with messages',
        description: 'The same fields after a submit with missing and invalid values.',
        render: () => (
          <SampleForm showErrors initialValues={{ email: 'maya@', firstName: 'Maya', password: 'short' }}>
            <div className="field-row">
              <TextField name="firstName" label="First name" required />
              <TextField name="lastName" label="Last name" required />
            </div>
            <EmailField />
            <NewPasswordField name="password" />
          </SampleForm>
        ),
      },
      {
        id: 'form-error',
        title: 'Form message',
        render: () => <FormError error="Something went wrong. Please try again." />,
      },
      ...(['en', 'fr', 'es', 'de'] as const).map(
        (locale): StyleguideExample => ({
          id: `country-${locale}`,
          title: `Country select in ${localeNames[locale]}`,
          render: () => <CountryDemo locale={locale} />,
        }),
      ),
      {
        id: 'country-error',
        title: 'Country select, limited and with a message',
        render: () => <CountryErrorDemo />,
      },
    ],
  },
  {
    id: 'pagination',
    name: 'Pagination',
    description:
      'First and last page, the current page and its neighbours, ellipsis gaps; the arrows are disabled at the ends. These examples change page in place.',
    examples: [
      {
        id: 'first-page',
        title: 'On the first page',
        render: () => (
          <PaginationDemo initialPage={1} totalPages={12} label="Pagination, first page example" />
        ),
      },
      {
        id: 'middle',
        title: 'In the middle',
        render: () => <PaginationDemo initialPage={6} totalPages={12} label="Pagination, middle example" />,
      },
      {
        id: 'last-page',
        title: 'On the last page',
        render: () => (
          <PaginationDemo initialPage={12} totalPages={12} label="Pagination, last page example" />
        ),
      },
      {
        id: 'few-pages',
        title: 'Few pages',
        render: () => <PaginationDemo initialPage={2} totalPages={3} label="Pagination, few pages example" />,
      },
    ],
  },
  {
    id: 'tabs',
    name: 'Tabs',
    description:
      'TabNav: links to pages with the current one marked. Up to 1023 px every tab list is one row that scrolls sideways with the current tab in view. Arrow keys, Home and End move between the tabs.',
    examples: [
      {
        id: 'manage-tabs',
        title: 'Manage tabs',
        render: () => <ManageTabs current="profile-settings" />,
      },
      {
        id: 'side-tabs',
        title: 'Account settings side tabs',
        render: () => (
          <TabNav
            tabs={accountSettingsTabs}
            label="Account settings example"
            orientation="vertical"
            current="password"
            className="sg-side-tabs"
          />
        ),
      },
      {
        id: 'tab-bar',
        title: 'A longer tab bar',
        render: () => <TabNav tabs={manyTabs} label="Listing editor example" current="photos" />,
      },
    ],
  },
  {
    id: 'avatar',
    name: 'Avatar',
    description: 'Sizes small (40 px), medium (60 px) and large (96 px).',
    examples: [
      {
        id: 'initials',
        title: 'Initials',
        render: () => (
          <Row>
            <Avatar user={sampleUser} size="small" />
            <Avatar user={sampleUser} size="medium" />
            <Avatar user={sampleUser} size="large" />
          </Row>
        ),
      },
      {
        id: 'picture',
        title: 'Picture',
        render: () => (
          <Row>
            <Avatar
              user={{ ...sampleUser, profileImage: sampleProfileImage }}
              size="small"
              alt="Maya T, small"
            />
            <Avatar
              user={{ ...sampleUser, profileImage: sampleProfileImage }}
              size="medium"
              alt="Maya T, medium"
            />
            <Avatar
              user={{ ...sampleUser, profileImage: sampleProfileImage }}
              size="large"
              alt="Maya T, large"
            />
          </Row>
        ),
      },
      {
        id: 'placeholder',
        title: 'Banned or deleted user',
        render: () => (
          <Row>
            <Avatar user={{ banned: true }} size="small" alt="Banned user" />
            <Avatar user={{ deleted: true }} size="medium" alt="Deleted user" />
            <Avatar user={{ banned: true }} size="large" alt="Banned user" />
          </Row>
        ),
      },
    ],
  },
  {
    id: 'date-label',
    name: 'Date label',
    description:
      'Dates as the spec shows them, in the browser’s time zone. These examples compare with a fixed moment, 11 March 2026 15:00 UTC (a Wednesday); hover a date for the full date.',
    examples: [
      {
        id: 'today',
        title: 'Today',
        render: () => <DateLabel date={hoursBefore(1)} now={sampleNow} />,
      },
      {
        id: 'this-week',
        title: 'This week',
        render: () => <DateLabel date={hoursBefore(48)} now={sampleNow} />,
      },
      {
        id: 'this-year',
        title: 'This year',
        render: () => <DateLabel date="2026-01-20T12:00:00Z" now={sampleNow} />,
      },
      {
        id: 'older',
        title: 'Older',
        render: () => <DateLabel date="2019-03-04T12:00:00Z" now={sampleNow} />,
      },
      {
        id: 'now',
        title: 'Now, with the real clock',
        render: () => <DateLabel date={new Date()} />,
      },
    ],
  },
  {
    id: 'listing-card',
    name: 'Listing card',
    description: 'A listing in search results and on profiles.',
    examples: [
      {
        id: 'with-photo',
        title: 'With a photo',
        render: () => (
          <ul className="listing-grid sg-cards">
            <li>
              <ListingCard listing={sampleListing} />
            </li>
          </ul>
        ),
      },
      {
        id: 'without-photo',
        title: 'Without a photo',
        render: () => (
          <ul className="listing-grid sg-cards">
            <li>
              <ListingCard
                listing={{
                  ...sampleListing,
                  id: 'styleguide-no-photo',
                  title: 'Carbon wheelset, 700c, tubeless ready',
                  image: undefined,
                  city: 'Lyon',
                }}
              />
            </li>
          </ul>
        ),
      },
      {
        id: 'other-currency',
        title: 'Price in an unsupported currency',
        render: () => (
          <ul className="listing-grid sg-cards">
            <li>
              <ListingCard
                listing={{
                  ...sampleListing,
                  id: 'styleguide-eur',
                  title: 'Merino jersey, size M',
                  price: { amount: 4500, currency: 'EUR' },
                  image: undefined,
                }}
              />
            </li>
          </ul>
        ),
      },
    ],
  },
  {
    id: 'retry-notice',
    name: 'Retry notice',
    description: 'A failed load, announced, with a button that loads the page’s data again.',
    examples: [
      {
        id: 'error',
        title: 'Error',
        render: () => <RetryNotice message="Something went wrong. Please try again." />,
      },
      {
        id: 'neutral',
        title: 'Neutral',
        render: () => <RetryNotice tone="neutral" message="The listings could not be loaded right now." />,
      },
    ],
  },
  {
    id: 'loading',
    name: 'Loading states',
    description: 'Announced to screen readers while something loads.',
    examples: [
      {
        id: 'spinner',
        title: 'Spinner',
        render: () => <Spinner label="Loading example…" />,
      },
      {
        id: 'listing-skeleton',
        title: 'Listing grid skeleton',
        render: () => <ListingGridSkeleton count={3} label="Loading example listings…" />,
      },
    ],
  },
];

/** The component with this id, and its example with that id. */
export function findExample(
  componentId: string | undefined,
  exampleId?: string,
): { component?: StyleguideComponent; example?: StyleguideExample } {
  const component = styleguideComponents.find((c) => c.id === componentId);
  const example = component?.examples.find((e) => e.id === exampleId);
  return { ...(component ? { component } : {}), ...(example ? { example } : {}) };
}
