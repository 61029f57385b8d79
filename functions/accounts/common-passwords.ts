import {
  buildCommonPasswordsFilter,
  type CommonPasswordCheck,
  commonPasswordCheck,
} from '../../shared/validation/common-passwords';

/**
 * The API's common-password check (issue 25): the Bloom filter of shared/validation/common-passwords.ts,
 * built from the ranked list of the package installed beside the bundle (not bundled: the handlers
 * that set a password list it in `nodeModules`, infra/stacks/api-stack.ts), so the bundles stay
 * within 300 kB. Built on the first password a container checks (tens of milliseconds), then kept; the very bits
 * the browser's copy has (tests/repo/common-passwords-filter.test.ts).
 */
export const commonPasswordsPackage = '@zxcvbn-ts/language-common';

let loading: Promise<CommonPasswordCheck> | undefined;

export function commonPasswords(): Promise<CommonPasswordCheck> {
  loading ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => {
      const filter = buildCommonPasswordsFilter(dictionary['passwords-common'] as string[]);
      return commonPasswordCheck(filter.bytes, filter);
    },
    (error: unknown) => {
      loading = undefined; // the next request tries again; this one fails (a deployment without the package)
      throw error;
    },
  );
  return loading;
}
