import { describe, expect, it } from 'vitest';
import { filterProjects } from './filter-projects';

const projects = [
  { projectId: 1, projectName: 'Acme Shop', baseUrl: 'https://shop.acme.test', orgId: 1 },
  { projectId: 2, projectName: 'Blog', baseUrl: 'https://news.example.test', orgId: 1 },
];

describe('filterProjects (spec §5: project name or base URL)', () => {
  it('matches a case-insensitive substring of the name or the base URL', () => {
    expect(filterProjects(projects, 'SHOP').map((p) => p.projectId)).toEqual([1]);
    expect(filterProjects(projects, 'news.example').map((p) => p.projectId)).toEqual([2]);
    expect(filterProjects(projects, 'test').map((p) => p.projectId)).toEqual([1, 2]);
    expect(filterProjects(projects, 'nothing')).toEqual([]);
  });

  it('lists every project for a blank search', () => {
    expect(filterProjects(projects, '  ')).toHaveLength(2);
  });
});
