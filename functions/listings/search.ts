import { isCategory } from '../../shared/config/categories';
import { pageSizes } from '../../shared/config/marketplace';
import { isSortKey } from '../../shared/config/sort';
import { ApiError, type HttpEvent, httpHandler, intParam, json } from '../lib/http';
import { currentSearchIndex } from '../search/catalogue-cache';

const maxKeywordsLength = 200;

/** GET /api/listings — search published listings (keywords, pub_category, sort, page). */
export const handler = httpHandler(async (event) => {
  const query = parseQuery(event);
  const index = await currentSearchIndex();
  return json(200, index.search(query), { 'cache-control': 'public, max-age=5' });
});

function parseQuery(event: HttpEvent) {
  const params = event.queryStringParameters ?? {};
  const keywords = params.keywords?.trim() || undefined;
  if (keywords && keywords.length > maxKeywordsLength) {
    throw new ApiError(
      'validation-invalid-params',
      `Keywords can be at most ${maxKeywordsLength} characters.`,
      {
        param: 'keywords',
      },
    );
  }
  const categories = params.pub_category ? params.pub_category.split(',').filter(Boolean) : undefined;
  const unknown = categories?.find((category) => !isCategory(category));
  if (unknown) {
    throw new ApiError('validation-invalid-params', `Unknown category: ${unknown}.`, {
      param: 'pub_category',
    });
  }
  const sort = params.sort;
  if (sort !== undefined && !isSortKey(sort)) {
    throw new ApiError('validation-invalid-params', `Unknown sort: ${sort}.`, { param: 'sort' });
  }
  if (sort === 'relevance' && !keywords) {
    throw new ApiError('validation-invalid-params', 'Sorting by relevance needs keywords.', {
      param: 'sort',
    });
  }
  return {
    ...(keywords ? { keywords } : {}),
    ...(categories ? { categories } : {}),
    ...(sort ? { sort } : {}),
    page: intParam(event, 'page', { min: 1, max: 10_000, fallback: 1 }),
    perPage: intParam(event, 'perPage', { min: 1, max: 100, fallback: pageSizes.search }),
  };
}
