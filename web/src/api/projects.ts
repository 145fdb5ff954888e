import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateProjectRequest,
  DeleteProjectResponse,
  Project,
  ProjectList,
  UpdateProjectRequest,
} from '../../../contract/projects.js';
import { api } from '../lib/api-client.js';
import { invalidateAfterTraceChange, projectsKeys } from './traces.js';

export { projectsKeys };

const projectPath = (id: string) => `/api/projects/${encodeURIComponent(id)}`;

/** The person's projects with their counts (archived ones only when asked). */
export function useProjects(opts: { archived?: boolean } = {}) {
  const archived = opts.archived ?? false;
  return useQuery({
    queryKey: projectsKeys.list(archived),
    queryFn: ({ signal }) =>
      api<ProjectList>('/api/projects', { query: { archived: archived ? 'true' : undefined }, signal }),
  });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProjectRequest) => api<Project>('/api/projects', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectsKeys.all }),
  });
}

/** A rename shows on every trace of the project, so the traces go stale with it. */
export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateProjectRequest }) =>
      api<Project>(projectPath(id), { method: 'PATCH', body: changes }),
    onSettled: () => invalidateAfterTraceChange(queryClient),
  });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, traces }: { id: string; traces: 'personal' | 'delete' }) =>
      api<DeleteProjectResponse>(projectPath(id), { method: 'DELETE', query: { traces } }),
    onSettled: () => invalidateAfterTraceChange(queryClient),
  });
}
