export const departmentSelect = { id: true, organization_id: true, name: true, created_at: true, updated_at: true } as const;
