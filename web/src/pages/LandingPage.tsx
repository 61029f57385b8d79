import { getRouteApi, Link } from '@tanstack/react-router';
import { categoryGroups, featuredCategoryGroups } from '../../../shared/config/categories';
import { ListingGrid } from '../components/ListingCard';
import { ListingGridSkeleton } from '../components/Loading';
import { RetryNotice } from '../components/RetryNotice';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { useLoaded } from '../lib/useLoaded';
import { categoryGroupParam } from '../search/params';

export const recentListingsCount = 8;

const route = getRouteApi('/');

const steps = [
  {
    title: 'Sell quickly',
    text: 'List a bike or a part in a few minutes. Listing is free: you pay a 10% fee only when it sells.',
  },
  {
    title: 'Ship easily',
    text: 'Ship within 5 days with a tracking number, or let the buyer pick it up nearby.',
  },
  {
    title: 'Get paid',
    text: 'The buyer pays up front. Your money is released as soon as they have received the item.',
  },
  {
    title: 'Make an impact',
    text: 'Every bike and part that finds a second rider is one less made new and one less in a landfill.',
  },
];

const categoryBlurbs: Record<string, string> = {
  completeBikes: 'Road, gravel, mountain, BMX, track and e-bikes.',
  drivetrain: 'Groupsets, cranks, chains, cassettes, brakes and pedals.',
  apparel: 'Jerseys, bibs, helmets, shoes, gloves and more.',
  wheelsAndTires: 'Wheelsets, tires, tubes and wheel accessories.',
};

const featured = featuredCategoryGroups.flatMap((id) => {
  const group = categoryGroups.find((g) => g.id === id);
  return group ? [{ id, label: group.label, blurb: categoryBlurbs[id] ?? '' }] : [];
});

const reviews = [
  {
    quote: 'Sold my old gravel bike in three days and the payout came the day it arrived. Painless.',
    name: 'Maya, Vancouver',
  },
  {
    quote:
      'Found a barely used power meter for half the price of a new one. The seller shipped it the next day.',
    name: 'Jordan, Denver',
  },
  {
    quote: 'Finally a place for cycling gear only. Much easier than sorting through general classifieds.',
    name: 'Luc, Montréal',
  },
];

function RecentListings() {
  const { recent } = route.useLoaderData();
  const loaded = useLoaded(recent);
  if (!loaded) return <ListingGridSkeleton count={recentListingsCount} label="Loading recent listings…" />;
  if (!loaded.ok) {
    return <RetryNotice message="The latest listings could not be loaded." tone="neutral" />;
  }
  if (loaded.value.data.length === 0) return <p>Nothing is listed yet. Be the first to sell something!</p>;
  return <ListingGrid listings={loaded.value.data} />;
}

export function LandingPage() {
  useDocumentTitle();
  return (
    <div className="landing">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-inner">
          <h1 id="hero-title">Used bikes and cycling gear, from riders to riders</h1>
          <p className="hero-lead">
            Buy a bike with some stories to tell, or sell the parts you no longer ride. Safe payments, tracked
            shipping, no listing fee.
          </p>
          <div className="hero-actions">
            <Link to="/s" className="button button-primary button-large">
              Buy
            </Link>
            <Link to="/l/new" className="button button-light button-large">
              Sell
            </Link>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol className="steps">
          {steps.map((step, index) => (
            <li key={step.title} className="step">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="section" aria-labelledby="categories-title">
        <h2 id="categories-title">Featured categories</h2>
        <ul className="category-tiles">
          {featured.map((group) => (
            <li key={group.id}>
              <Link
                to="/s"
                search={{ pub_category: categoryGroupParam(group.id) }}
                className={`category-tile category-${group.id}`}
              >
                <span className="category-name">{group.label}</span>
                <span className="category-blurb">{group.blurb}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="recent-title">
        <div className="section-header">
          <h2 id="recent-title">Recently listed</h2>
          <Link to="/s" className="section-link">
            See all listings
          </Link>
        </div>
        <RecentListings />
      </section>

      <section className="section" aria-labelledby="community-title">
        <h2 id="community-title">From the community</h2>
        <ul className="reviews">
          {reviews.map((review) => (
            <li key={review.name}>
              <figure className="review">
                <blockquote>
                  <p>{review.quote}</p>
                </blockquote>
                <figcaption>{review.name}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section className="section founder" aria-labelledby="founder-title">
        <h2 id="founder-title">Why we started Velo Exchange</h2>
        <p>
          Our garages were full of good parts we no longer used, and buying used gear meant wading through
          general classifieds. So we built a marketplace just for cycling, with payments and shipping that
          protect both sides.
        </p>
        <p className="founder-sign">The Velo Exchange team</p>
      </section>

      <section className="section join" aria-labelledby="join-title">
        <h2 id="join-title">Join the marketplace</h2>
        <p>Create a free account to sell your gear, save time at checkout and follow your orders.</p>
        <a href="/signup" className="button button-primary button-large">
          Create an account
        </a>
      </section>
    </div>
  );
}
