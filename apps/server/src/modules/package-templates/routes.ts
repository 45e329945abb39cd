import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ErrorBody,
  OrgIdParams,
  PackageTemplate,
  PackageTemplateInput,
  PackageTemplateList,
} from '@cratebase/contract';
import type { AppContext } from '../../lib/context.js';
import { listPackageTemplates, savePackageTemplate } from './service.js';
import { memberOf, organizationAt, organizationParam } from '../../auth/policies.js';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['package templates'];

export async function packageTemplateRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/package_template',
    {
      config: { access: memberOf(organizationAt('body', 'organization_id')) },
      schema: {
        tags,
        summary: 'Save a package template (same name → updated); name defaults to "Default Package"',
        body: PackageTemplateInput,
        response: { 200: PackageTemplate, 409: ErrorBody, ...errors },
      },
    },
    async (req) => savePackageTemplate(ctx, req.body),
  );

  r.get(
    '/api/package_template/organization/:org_id',
    {
      config: { access: memberOf(organizationParam()) },
      schema: {
        tags,
        summary: 'The organization’s package templates',
        params: OrgIdParams,
        response: { 200: PackageTemplateList, ...errors },
      },
    },
    async (req) => listPackageTemplates(ctx, req.params.org_id),
  );
}
