import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { graphqlModules } from '../../graphql-modules.js';
import { ZMaster } from '../../modules/masters/index.js';
import type { GraphqlModule } from './graphql-module.js';
import { graphqlContractDifferences } from './graphql-contract.js';

/** The modules with one contract type replaced, as a developer would change a zod schema. */
function withType(name: string, shape: z.ZodType): GraphqlModule[] {
  return graphqlModules.map((module) =>
    name in module.contract.types ? { ...module, contract: { ...module.contract, types: { ...module.contract.types, [name]: shape } } } : module,
  );
}

describe('GraphQL contract (SDL against the zod shapes)', () => {
  test('when the served modules are walked, then every type and argument agrees with its zod shape', () => {
    expect(graphqlContractDifferences(graphqlModules)).toEqual([]);
  });

  test("when a zod field's type changes and the SDL does not, then the walk names the field", () => {
    const changed = withType('Master', ZMaster.extend({ buyingOption: z.string() }));
    expect(graphqlContractDifferences(changed)).toContain('Master.buyingOption: GraphQL says Int, zod says string');
  });

  test('when a zod integer becomes a float, then Int no longer matches', () => {
    const changed = withType('Master', ZMaster.extend({ failedMasteringAttempts: z.number() }));
    expect(graphqlContractDifferences(changed)).toContain('Master.failedMasteringAttempts: GraphQL says Int, zod says number');
  });

  test('when a zod field becomes nullable, then the non-null GraphQL field is named', () => {
    const changed = withType('Master', ZMaster.extend({ id: z.string().nullable() }));
    expect(graphqlContractDifferences(changed)).toContain('Master.id: GraphQL says non-null, zod says nullable or optional');
  });

  test('when zod gains a field the SDL lacks, then the walk says so', () => {
    const changed = withType('Master', ZMaster.extend({ secret: z.string() }));
    expect(graphqlContractDifferences(changed)).toContain('Master.secret: in zod, not in GraphQL');
  });

  test('when an argument schema loses a field, then the GraphQL argument is named', () => {
    const changed = graphqlModules.map((module) =>
      'Query.master' in module.contract.args
        ? { ...module, contract: { ...module.contract, args: { ...module.contract.args, 'Query.master': z.object({}) } } }
        : module,
    );
    expect(graphqlContractDifferences(changed)).toContain('Query.master(args).id: in GraphQL, not in zod');
  });

  test('when a module adds a type without a contract, then the walk asks for one', () => {
    const extra: GraphqlModule = { typeDefs: 'type Orphan { id: ID! }\nextend type Query { orphan: Orphan }', resolvers: {}, contract: { types: {}, args: {} } };
    expect(graphqlContractDifferences([...graphqlModules, extra])).toContain("Orphan: no zod shape in any module's contract.types");
  });
});
