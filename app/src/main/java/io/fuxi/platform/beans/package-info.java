/** CDI beans as the hot paths hold them: the instance itself, not its client proxy (ADR 32, ADR 53). */
package io.fuxi.platform.beans;
