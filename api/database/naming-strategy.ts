import { DefaultNamingStrategy, NamingStrategyInterface } from 'typeorm';

/** snake_case tables and columns, so SQL written by hand (dispatcher, reports) reads naturally. */
export class NamingStrategy extends DefaultNamingStrategy implements NamingStrategyInterface {
  private snake(s: string): string {
    return s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z])([A-Z][a-z])/g, '$1_$2').toLowerCase();
  }
  tableName(targetName: string, userSpecifiedName: string | undefined): string {
    return userSpecifiedName ?? this.snake(targetName);
  }
  columnName(propertyName: string, customName: string | undefined, embeddedPrefixes: string[]): string {
    return this.snake(embeddedPrefixes.concat(customName ?? propertyName).join('_'));
  }
  relationName(propertyName: string): string {
    return this.snake(propertyName);
  }
  joinColumnName(relationName: string, referencedColumnName: string): string {
    return this.snake(`${relationName}_${referencedColumnName}`);
  }
  joinTableColumnName(tableName: string, propertyName: string, columnName?: string): string {
    return this.snake(`${tableName}_${columnName ?? propertyName}`);
  }
}
