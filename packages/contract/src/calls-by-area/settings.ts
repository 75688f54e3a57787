import * as settings from '../schemas/settings.ts';
import * as audit from '../schemas/audit.ts';
import * as adm from '../schemas/admins.ts';
import { idParamSchema } from '../schemas/common.ts';
import { call, GET, POST, PUT } from './call.ts';

/** Global settings, the audit trail, administrators and roles. Part of `calls` (../calls.ts). */
export const settingsCalls = {
  settings: call({
    method: GET,
    permission: 'settings.read',
    path: '/settings',
    response: settings.settingsResponseSchema,
  }),
  updateSettings: call({
    method: POST,
    permission: ['settings.general', 'settings.rates', 'settings.banners'],
    path: '/settings',
    stepUp: 'conditional',
    multipart: true,
    body: settings.updateSettingsBodySchema,
    response: settings.settingsResponseSchema,
  }),
  // the audit trail
  audit: call({
    method: GET,
    permission: 'audit.read',
    path: '/audit',
    query: audit.auditQuerySchema,
    response: audit.auditResponseSchema,
  }),
  auditAdmins: call({
    method: GET,
    permission: 'audit.read',
    path: '/audit/admins',
    response: audit.auditAdminsResponseSchema,
  }),
  auditVerify: call({
    method: GET,
    permission: 'audit.read',
    path: '/audit/verify',
    response: audit.auditVerifyResponseSchema,
  }),
  auditExport: call({
    method: GET,
    permission: 'audit.read',
    path: '/audit/export',
    query: audit.auditFilterSchema,
  }),
  // administrators, roles and the four-eyes requests (schemas/admins.ts)
  admins: call({
    method: GET,
    permission: 'admins.manage',
    path: '/admins',
    response: adm.adminsResponseSchema,
  }),
  adminRoles: call({
    method: GET,
    permission: 'admins.manage',
    path: '/admins/roles',
    response: adm.adminRolesResponseSchema,
  }),
  createAdminRole: call({
    method: POST,
    permission: 'admins.manage',
    path: '/admins/roles',
    body: adm.createRoleRequestSchema,
    response: adm.createRoleResponseSchema,
  }),
  inviteAdmin: call({
    method: POST,
    permission: 'admins.manage',
    path: '/admins/invites',
    body: adm.inviteAdminRequestSchema,
    response: adm.inviteAdminResponseSchema,
  }),
  setAdminRoles: call({
    method: PUT,
    permission: 'admins.manage',
    path: '/admins/:id/roles',
    params: idParamSchema,
    body: adm.setAdminRolesRequestSchema,
    response: adm.setAdminRolesResponseSchema,
  }),
  disableAdmin: call({
    method: POST,
    permission: 'admins.manage',
    path: '/admins/:id/disable',
    params: idParamSchema,
    response: adm.adminResponseSchema,
  }),
  enableAdmin: call({
    method: POST,
    permission: 'admins.manage',
    path: '/admins/:id/enable',
    params: idParamSchema,
    response: adm.adminRequestResponseSchema,
  }),
  resetAdminSecondFactor: call({
    method: POST,
    permission: 'admins.manage',
    path: '/admins/:id/reset-second-factor',
    params: idParamSchema,
    response: adm.adminRequestResponseSchema,
  }),
  adminRequests: call({
    method: GET,
    permission: 'admins.manage',
    path: '/admins/requests',
    response: adm.adminRequestsResponseSchema,
  }),
  approveAdminRequest: call({
    method: POST,
    permission: 'admins.manage',
    path: '/admins/requests/:id/approve',
    params: idParamSchema,
    stepUp: 'always',
    response: adm.adminRequestResponseSchema,
  }),
  rejectAdminRequest: call({
    method: POST,
    permission: 'admins.manage',
    path: '/admins/requests/:id/reject',
    params: idParamSchema,
    response: adm.adminRequestResponseSchema,
  }),
  enrolment: call({
    method: GET,
    path: '/enrolment/:token',
    auth: false,
    params: adm.enrolmentTokenParamSchema,
    response: adm.enrolmentResponseSchema,
  }),
  enrol: call({
    method: POST,
    path: '/enrolment/:token',
    auth: false,
    params: adm.enrolmentTokenParamSchema,
    body: adm.enrolRequestSchema,
    response: adm.enrolResponseSchema,
  }),
} as const;
