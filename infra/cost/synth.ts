import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { handlerDeployNames } from '../../functions/deploy-names';
import { buildApp } from '../app';
import { parseDeployConfig } from '../config/deploy-config';
import { repoRoot } from '../lambda-bundling';
import { alarmGroupTag } from '../stacks/alarm-catalogue';
import { configuredSecrets, type DeploymentFacts, deploymentFacts, type TemplateJson } from './deployment';

/**
 * The prod stage as `cdk synth` makes it, in process and without bundling (inline stubs, as
 * tests/infra synthesize): infra/config/prod.json with its `replace-with-…` placeholders (a
 * certificate, live keys) filled with a stand-in, since only the shape of the stacks matters here.
 */
export interface SynthesizedDeployment {
  stage: string;
  region: string;
  facts: DeploymentFacts;
  /** Provider secrets the stage reads (Secrets Manager), besides those the stacks create. */
  providerSecrets: string[];
}

export function synthesizeDeployment(stage = 'prod'): SynthesizedDeployment {
  const file = join(repoRoot, 'infra', 'config', `${stage}.json`);
  const raw = JSON.parse(
    readFileSync(file, 'utf8').replace(/replace[-_]with[-_][A-Za-z0-9_-]*/g, 'cost-model-stand-in'),
  ) as unknown;
  const config = parseDeployConfig(raw, `${stage}.json`);
  const { app } = buildApp({
    bundling: 'none',
    siteDir: null,
    nag: false,
    config,
    env: { account: config.account ?? '123456789012', region: config.region },
  });
  const templates = app.synth().stacks.map((stack) => stack.template as TemplateJson);
  return {
    stage,
    region: config.region,
    facts: deploymentFacts(templates, handlerDeployNames, alarmGroupTag),
    providerSecrets: configuredSecrets(raw, stage),
  };
}
